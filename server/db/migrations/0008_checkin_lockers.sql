CREATE TABLE "entry_kiosk" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entry_kiosk_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"opened_by_member_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_kiosk_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "entry_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entry_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"reason_date" date,
	"ticket_issue_id" integer,
	"pass_name" text,
	"session_used" boolean DEFAULT false NOT NULL,
	"sessions_left" integer,
	"days_left" integer,
	"staff_member_id" integer,
	"note" text,
	"overrides_entry_id" integer,
	"kiosk_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_log_method_check" CHECK ("entry_log"."method" in ('QR', 'CARD', 'PHONE', 'MANUAL')),
	CONSTRAINT "entry_log_result_check" CHECK ("entry_log"."result" in ('ALLOWED', 'REFUSED', 'OVERRIDE')),
	CONSTRAINT "entry_log_reason_check" CHECK (("entry_log"."result" = 'REFUSED') = ("entry_log"."reason" is not null) or "entry_log"."result" = 'OVERRIDE'),
	CONSTRAINT "entry_log_override_note_check" CHECK ("entry_log"."result" <> 'OVERRIDE' or ("entry_log"."note" is not null and "entry_log"."staff_member_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "entry_setting" (
	"gym_id" integer PRIMARY KEY NOT NULL,
	"block_unpaid" boolean DEFAULT false NOT NULL,
	"max_lockers_per_customer" integer DEFAULT 1 NOT NULL,
	"locker_reminder_days" integer[] DEFAULT '{7,1}' NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locker_bank" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locker_bank_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"name" text NOT NULL,
	"rows" integer NOT NULL,
	"cols" integer NOT NULL,
	"start_number" integer DEFAULT 1 NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"skip_numbers" integer[] DEFAULT '{}' NOT NULL,
	"size" text DEFAULT 'SMALL' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locker_bank_shape_check" CHECK ("locker_bank"."rows" between 1 and 40 and "locker_bank"."cols" between 1 and 40),
	CONSTRAINT "locker_bank_start_check" CHECK ("locker_bank"."start_number" >= 0),
	CONSTRAINT "locker_bank_size_check" CHECK ("locker_bank"."size" in ('SMALL', 'LARGE'))
);
--> statement-breakpoint
CREATE TABLE "locker_rental" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locker_rental_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"locker_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"fee" integer NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"key_number" text,
	"combination" text,
	"sale_id" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"end_kind" text,
	"ended_at" timestamp with time zone,
	"key_returned" boolean,
	"deposit_refunded" integer,
	"deposit_kept_reason" text,
	"previous_rental_id" integer,
	"created_by_member_id" integer,
	"ended_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locker_rental_status_check" CHECK ("locker_rental"."status" in ('ACTIVE', 'ENDED')),
	CONSTRAINT "locker_rental_end_kind_check" CHECK (("locker_rental"."status" = 'ENDED') = ("locker_rental"."end_kind" is not null)),
	CONSTRAINT "locker_rental_dates_check" CHECK ("locker_rental"."end_date" >= "locker_rental"."start_date"),
	CONSTRAINT "locker_rental_money_check" CHECK ("locker_rental"."fee" >= 0 and "locker_rental"."deposit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "locker_room" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locker_room_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locker" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locker_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"row" integer NOT NULL,
	"col" integer NOT NULL,
	"number" integer NOT NULL,
	"label" text NOT NULL,
	"size" text DEFAULT 'SMALL' NOT NULL,
	"broken" boolean DEFAULT false NOT NULL,
	"broken_note" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locker_size_check" CHECK ("locker"."size" in ('SMALL', 'LARGE'))
);
--> statement-breakpoint
CREATE TABLE "server_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "qr_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_usage" ADD COLUMN "entry_log_id" integer;--> statement-breakpoint
ALTER TABLE "entry_kiosk" ADD CONSTRAINT "entry_kiosk_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_kiosk" ADD CONSTRAINT "entry_kiosk_opened_by_member_id_member_id_fk" FOREIGN KEY ("opened_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_log" ADD CONSTRAINT "entry_log_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_log" ADD CONSTRAINT "entry_log_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_log" ADD CONSTRAINT "entry_log_staff_member_id_member_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_setting" ADD CONSTRAINT "entry_setting_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_bank" ADD CONSTRAINT "locker_bank_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_bank" ADD CONSTRAINT "locker_bank_room_id_locker_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."locker_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_rental" ADD CONSTRAINT "locker_rental_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_rental" ADD CONSTRAINT "locker_rental_locker_id_locker_id_fk" FOREIGN KEY ("locker_id") REFERENCES "public"."locker"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_rental" ADD CONSTRAINT "locker_rental_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_rental" ADD CONSTRAINT "locker_rental_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_rental" ADD CONSTRAINT "locker_rental_ended_by_member_id_member_id_fk" FOREIGN KEY ("ended_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_room" ADD CONSTRAINT "locker_room_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker" ADD CONSTRAINT "locker_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker" ADD CONSTRAINT "locker_bank_id_locker_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."locker_bank"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_kiosk_gym_idx" ON "entry_kiosk" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "entry_log_gym_time_idx" ON "entry_log" USING btree ("gym_id","create_date");--> statement-breakpoint
CREATE INDEX "entry_log_member_time_idx" ON "entry_log" USING btree ("member_id","create_date");--> statement-breakpoint
CREATE INDEX "locker_bank_room_idx" ON "locker_bank" USING btree ("room_id","sort_order");--> statement-breakpoint
CREATE INDEX "locker_bank_gym_idx" ON "locker_bank" USING btree ("gym_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locker_rental_active_idx" ON "locker_rental" USING btree ("locker_id") WHERE "locker_rental"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "locker_rental_member_idx" ON "locker_rental" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "locker_rental_gym_end_idx" ON "locker_rental" USING btree ("gym_id","status","end_date");--> statement-breakpoint
CREATE INDEX "locker_rental_locker_idx" ON "locker_rental" USING btree ("locker_id","id");--> statement-breakpoint
CREATE INDEX "locker_room_gym_idx" ON "locker_room" USING btree ("gym_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "locker_bank_number_idx" ON "locker" USING btree ("bank_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "locker_bank_position_idx" ON "locker" USING btree ("bank_id","row","col");--> statement-breakpoint
CREATE INDEX "locker_gym_idx" ON "locker" USING btree ("gym_id","label");--> statement-breakpoint
CREATE INDEX "member_owner_card_idx" ON "member" USING btree ("owner_gym_id","card_number") WHERE "member"."card_number" is not null;--> statement-breakpoint
CREATE INDEX "member_owner_phone4_idx" ON "member" USING btree ("owner_gym_id",right("phone", 4));--> statement-breakpoint
CREATE INDEX "member_owner_visit_idx" ON "member" USING btree ("owner_gym_id","last_visit_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_usage_entry_idx" ON "ticket_usage" USING btree ("entry_log_id") WHERE "ticket_usage"."entry_log_id" is not null;