ALTER TABLE "gym_member" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gym_member" ADD COLUMN "invited_by" integer;--> statement-breakpoint
ALTER TABLE "gym_member" ADD CONSTRAINT "gym_member_invited_by_member_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gym_member_gym_invited_idx" ON "gym_member" USING btree ("gym_id","invited_at") WHERE "gym_member"."invited_at" is not null;--> statement-breakpoint
CREATE INDEX "gym_member_invited_by_idx" ON "gym_member" USING btree ("invited_by","invited_at") WHERE "gym_member"."invited_by" is not null;--> statement-breakpoint
-- Invitations used to be WAIT customer links to any member id (docs/rules.md#permissions). Those that reach no
-- worker account (a facility's customer, a representative, the operator) are dropped; the rest become invitations
-- of staff, which only the invited person accepts.
DELETE FROM "gym_member" AS "gm" USING "member" AS "m"
  WHERE "gm"."member_id" = "m"."id" AND "gm"."status" = 'WAIT' AND "gm"."worker_yn" = false
    AND ("m"."user_id" IS NULL OR "m"."auth_code" <> 'MEMBER');--> statement-breakpoint
UPDATE "gym_member" SET "invited_at" = "create_date", "worker_yn" = true
  WHERE "status" = 'WAIT' AND "worker_yn" = false;
