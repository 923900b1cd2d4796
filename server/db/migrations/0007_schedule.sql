CREATE TABLE "booking_setting" (
	"gym_id" integer PRIMARY KEY NOT NULL,
	"open_days_ahead" integer DEFAULT 14 NOT NULL,
	"close_minutes_before" integer DEFAULT 60 NOT NULL,
	"free_cancel_hours" integer DEFAULT 3 NOT NULL,
	"no_show_uses_session" boolean DEFAULT true NOT NULL,
	"late_cancel_uses_session" boolean DEFAULT false NOT NULL,
	"waitlist_close_minutes_before" integer DEFAULT 120 NOT NULL,
	"max_active_bookings" integer DEFAULT 10 NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_token" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_token_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_token_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "lesson" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"series_id" integer,
	"title" text NOT NULL,
	"lesson_type" text NOT NULL,
	"trainer_member_id" integer,
	"room" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"ticket_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"open_days_ahead" integer,
	"close_minutes_before" integer,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"cancel_reason" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_type_check" CHECK ("lesson"."lesson_type" in ('GROUP', 'PT')),
	CONSTRAINT "lesson_status_check" CHECK ("lesson"."status" in ('OPEN', 'CANCEL')),
	CONSTRAINT "lesson_capacity_check" CHECK ("lesson"."capacity" between 1 and 500),
	CONSTRAINT "lesson_time_check" CHECK ("lesson"."end_at" > "lesson"."start_at")
);
--> statement-breakpoint
CREATE TABLE "lesson_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"weekdays" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"until_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"ticket_issue_id" integer NOT NULL,
	"status" text NOT NULL,
	"attendance" text,
	"late" boolean DEFAULT false NOT NULL,
	"usage_id" integer,
	"source" text DEFAULT 'STAFF' NOT NULL,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_status_check" CHECK ("reservation"."status" in ('COMPLETE', 'CANCEL', 'DELAY', 'WAIT', 'WAITING')),
	CONSTRAINT "reservation_attendance_check" CHECK ("reservation"."attendance" is null or "reservation"."attendance" in ('ATTENDED', 'NOSHOW')),
	CONSTRAINT "reservation_source_check" CHECK ("reservation"."source" in ('STAFF', 'SELF'))
);
--> statement-breakpoint
CREATE TABLE "reservation_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"photo_file_id" text,
	"specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"career" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"working_hours" jsonb DEFAULT '[null,null,null,null,null,null,null]'::jsonb NOT NULL,
	"color" text DEFAULT '#0958d9' NOT NULL,
	"pay_kind" text DEFAULT 'PER_SESSION' NOT NULL,
	"pay_rate" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_pay_kind_check" CHECK ("trainer"."pay_kind" in ('PER_SESSION', 'PERCENT')),
	CONSTRAINT "trainer_pay_rate_check" CHECK ("trainer"."pay_rate" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_setting" ADD CONSTRAINT "booking_setting_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_token" ADD CONSTRAINT "booking_token_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_token" ADD CONSTRAINT "booking_token_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_token" ADD CONSTRAINT "booking_token_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson" ADD CONSTRAINT "lesson_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson" ADD CONSTRAINT "lesson_series_id_lesson_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."lesson_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson" ADD CONSTRAINT "lesson_trainer_member_id_member_id_fk" FOREIGN KEY ("trainer_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson" ADD CONSTRAINT "lesson_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_lesson_id_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lesson"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_ticket_issue_id_ticket_issue_id_fk" FOREIGN KEY ("ticket_issue_id") REFERENCES "public"."ticket_issue"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_usage_id_ticket_usage_id_fk" FOREIGN KEY ("usage_id") REFERENCES "public"."ticket_usage"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_event" ADD CONSTRAINT "reservation_event_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_event" ADD CONSTRAINT "reservation_event_actor_member_id_member_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer" ADD CONSTRAINT "trainer_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer" ADD CONSTRAINT "trainer_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer" ADD CONSTRAINT "trainer_photo_file_id_file_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_token_member_idx" ON "booking_token" USING btree ("member_id","gym_id");--> statement-breakpoint
CREATE INDEX "lesson_gym_start_idx" ON "lesson" USING btree ("gym_id","start_at");--> statement-breakpoint
CREATE INDEX "lesson_trainer_start_idx" ON "lesson" USING btree ("trainer_member_id","start_at");--> statement-breakpoint
CREATE INDEX "lesson_series_idx" ON "lesson" USING btree ("series_id","start_at");--> statement-breakpoint
CREATE INDEX "lesson_series_gym_idx" ON "lesson_series" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "reservation_lesson_idx" ON "reservation" USING btree ("lesson_id","status","id");--> statement-breakpoint
CREATE INDEX "reservation_member_idx" ON "reservation" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "reservation_issue_idx" ON "reservation" USING btree ("ticket_issue_id","status");--> statement-breakpoint
CREATE INDEX "reservation_gym_idx" ON "reservation" USING btree ("gym_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_live_idx" ON "reservation" USING btree ("lesson_id","member_id") WHERE "reservation"."status" in ('COMPLETE', 'DELAY', 'WAITING', 'WAIT');--> statement-breakpoint
CREATE INDEX "reservation_event_reservation_idx" ON "reservation_event" USING btree ("reservation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trainer_gym_member_idx" ON "trainer" USING btree ("gym_id","member_id");--> statement-breakpoint
CREATE INDEX "trainer_member_idx" ON "trainer" USING btree ("member_id");