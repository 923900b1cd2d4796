ALTER TABLE "gym_auth" ADD COLUMN "finance_use_yn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The finance right is split out of payHistoryUseYn (docs/DECISIONS.md): every set that read the money screens
-- keeps reading the finances, and the representative's set holds it, so no facility loses access silently.
UPDATE "gym_auth" SET "finance_use_yn" = true WHERE "represent_yn" OR "pay_history_use_yn";
