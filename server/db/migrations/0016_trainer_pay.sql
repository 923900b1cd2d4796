ALTER TABLE "ticket" ADD COLUMN "session_value" integer;--> statement-breakpoint
ALTER TABLE "ticket_issue" ADD COLUMN "session_value" integer;--> statement-breakpoint
ALTER TABLE "trainer" ADD COLUMN "group_pay_kind" text DEFAULT 'PER_ATTENDEE' NOT NULL;--> statement-breakpoint
ALTER TABLE "trainer" ADD COLUMN "group_pay_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trainer" ADD COLUMN "group_pay_min_attendees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Trainer pay (docs/rules.md#trainer-pay): a lesson cancelled by the facility was not held, so none of its
-- bookings stays attended or marked; group classes keep today's pay (per attendee at a fixed rate) until the
-- representative picks another rule.
UPDATE "reservation" SET "attendance" = NULL WHERE "status" = 'CANCEL' AND "attendance" IS NOT NULL;--> statement-breakpoint
UPDATE "trainer" SET "group_pay_rate" = "pay_rate" WHERE "pay_kind" = 'PER_SESSION';--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_cancel_attendance_check" CHECK ("reservation"."status" <> 'CANCEL' or "reservation"."attendance" is null);--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_session_value_check" CHECK ("ticket"."session_value" is null or ("ticket"."session_value" >= 0 and "ticket"."session_count" is not null and "ticket"."period_amount" is not null));--> statement-breakpoint
ALTER TABLE "trainer" ADD CONSTRAINT "trainer_group_pay_kind_check" CHECK ("trainer"."group_pay_kind" in ('PER_CLASS', 'PER_ATTENDEE'));--> statement-breakpoint
ALTER TABLE "trainer" ADD CONSTRAINT "trainer_group_pay_rate_check" CHECK ("trainer"."group_pay_rate" >= 0);--> statement-breakpoint
ALTER TABLE "trainer" ADD CONSTRAINT "trainer_group_pay_min_check" CHECK ("trainer"."group_pay_min_attendees" between 0 and 500);