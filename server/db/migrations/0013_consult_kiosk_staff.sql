ALTER TABLE "consult_kiosk" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consult_kiosk" ADD COLUMN "staff_member_id" integer;--> statement-breakpoint
ALTER TABLE "consult_kiosk" ADD COLUMN "staff_token_hash" text;--> statement-breakpoint
ALTER TABLE "consult_kiosk" ADD COLUMN "staff_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consult_kiosk" ADD CONSTRAINT "consult_kiosk_staff_member_id_member_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;