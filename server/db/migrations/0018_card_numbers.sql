-- Card numbers (docs/rules.md#card-numbers): stored trimmed and upper-cased, as the kiosk looks them up, and a
-- blank one is none. Where two customers on a facility's books held one card, the one registered first keeps it.
UPDATE "member" SET "card_number" = nullif(upper(btrim("card_number")), '') WHERE "card_number" IS NOT NULL;--> statement-breakpoint
UPDATE "member" SET "card_number" = NULL WHERE "card_number" IS NOT NULL AND "status" <> 'QUIT' AND EXISTS (SELECT 1 FROM "member" AS "o" WHERE "o"."owner_gym_id" = "member"."owner_gym_id" AND "o"."card_number" = "member"."card_number" AND "o"."status" <> 'QUIT' AND "o"."id" < "member"."id");--> statement-breakpoint
DROP INDEX "member_owner_card_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "member_owner_card_key" ON "member" USING btree ("owner_gym_id","card_number") WHERE "member"."card_number" is not null and "member"."status" <> 'QUIT';
