CREATE TABLE "consult_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consult_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"consult_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stage" text,
	"due_date" date,
	"note" text,
	"actor_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consult_event_kind_check" CHECK ("consult_event"."kind" in ('CREATED', 'STAGE', 'FOLLOW_UP', 'OUTCOME', 'NOTE'))
);
--> statement-breakpoint
CREATE TABLE "consult_kiosk" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consult_kiosk_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"opened_by_member_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consult_kiosk_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "consult_survey" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consult_survey_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_kind_check";--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "channel" text DEFAULT 'WALK_IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "stage" text DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "lost_note" text;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "follow_up_date" date;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "survey_id" integer;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "consents" jsonb;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "goals" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "see_doctor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "staff_member_id" integer;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "queue_number" integer;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "status_token" text;--> statement-breakpoint
ALTER TABLE "consult" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consult_event" ADD CONSTRAINT "consult_event_consult_id_consult_id_fk" FOREIGN KEY ("consult_id") REFERENCES "public"."consult"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_event" ADD CONSTRAINT "consult_event_actor_member_id_member_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_kiosk" ADD CONSTRAINT "consult_kiosk_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_kiosk" ADD CONSTRAINT "consult_kiosk_opened_by_member_id_member_id_fk" FOREIGN KEY ("opened_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_survey" ADD CONSTRAINT "consult_survey_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_survey" ADD CONSTRAINT "consult_survey_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consult_event_consult_idx" ON "consult_event" USING btree ("consult_id","id");--> statement-breakpoint
CREATE INDEX "consult_event_gym_date_idx" ON "consult_event" USING btree ("gym_id","create_date");--> statement-breakpoint
CREATE INDEX "consult_kiosk_gym_idx" ON "consult_kiosk" USING btree ("gym_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consult_survey_gym_version_idx" ON "consult_survey" USING btree ("gym_id","version");--> statement-breakpoint
CREATE INDEX "consult_survey_gym_idx" ON "consult_survey" USING btree ("gym_id");--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_survey_id_consult_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."consult_survey"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_staff_member_id_member_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_customer_id_member_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consult_gym_phone_idx" ON "consult" USING btree ("gym_id","phone");--> statement-breakpoint
CREATE INDEX "consult_gym_follow_up_idx" ON "consult" USING btree ("gym_id","follow_up_date");--> statement-breakpoint
CREATE INDEX "consult_status_token_idx" ON "consult" USING btree ("status_token");--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_stage_check" CHECK ("consult"."stage" in ('NEW', 'CONSULTED', 'TRIAL', 'REGISTERED', 'LOST'));--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_outcome_check" CHECK ("consult"."outcome" is null or "consult"."outcome" in ('REGISTERED', 'FOLLOW_UP', 'LOST'));--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_kind_check" CHECK ("notification"."kind" in ('GYM_APPROVED', 'GYM_REJECTED', 'SUB_SERVICE_APPROVED', 'SUB_SERVICE_DENIED', 'CONSULT_WAITING'));