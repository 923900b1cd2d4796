CREATE TABLE "customer_consent" (
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"channel" text NOT NULL,
	"agreed" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_consent_gym_id_member_id_channel_pk" PRIMARY KEY("gym_id","member_id","channel"),
	CONSTRAINT "customer_consent_channel_check" CHECK ("customer_consent"."channel" in ('SMS', 'KAKAO', 'EMAIL', 'NIGHT'))
);
--> statement-breakpoint
CREATE TABLE "customer_consent_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_consent_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"channel" text NOT NULL,
	"agreed" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_member_id" integer
);
--> statement-breakpoint
CREATE TABLE "kakao_channel" (
	"gym_id" integer PRIMARY KEY NOT NULL,
	"search_id" text NOT NULL,
	"profile_key" text NOT NULL,
	"status" text DEFAULT 'REQUEST' NOT NULL,
	"review_note" text,
	"connected_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kakao_channel_status_check" CHECK ("kakao_channel"."status" in ('REQUEST', 'APPROVE', 'DENY', 'NEED'))
);
--> statement-breakpoint
CREATE TABLE "kakao_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kakao_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"fallback_text" text,
	"status" text DEFAULT 'REQUEST' NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kakao_template_status_check" CHECK ("kakao_template"."status" in ('REQUEST', 'APPROVE', 'DENY', 'NEED'))
);
--> statement-breakpoint
CREATE TABLE "message_auto" (
	"gym_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"text" text NOT NULL,
	"template_id" integer,
	"send_hour" integer DEFAULT 10 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_auto_gym_id_kind_pk" PRIMARY KEY("gym_id","kind"),
	CONSTRAINT "message_auto_hour_check" CHECK ("message_auto"."send_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "message_auto_sent" (
	"gym_id" integer NOT NULL,
	"cause_key" text NOT NULL,
	"send_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_auto_sent_gym_id_cause_key_pk" PRIMARY KEY("gym_id","cause_key")
);
--> statement-breakpoint
CREATE TABLE "message_credit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_credit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"send_id" integer,
	"recipient_id" bigint,
	"note" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_credit_kind_check" CHECK ("message_credit"."kind" in ('TOPUP', 'CHARGE', 'REFUND')),
	CONSTRAINT "message_credit_sign_check" CHECK (("message_credit"."kind" = 'CHARGE' and "message_credit"."amount" <= 0) or ("message_credit"."kind" <> 'CHARGE' and "message_credit"."amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "message_platform" (
	"id" integer PRIMARY KEY NOT NULL,
	"opt_out_number" text NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_platform_one_row_check" CHECK ("message_platform"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "message_price" (
	"kind" text PRIMARY KEY NOT NULL,
	"price" integer NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_price_kind_check" CHECK ("message_price"."kind" in ('SMS', 'LMS', 'MMS', 'ALIMTALK', 'EMAIL'))
);
--> statement-breakpoint
CREATE TABLE "message_recipient" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_recipient_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"send_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"member_id" integer,
	"name" text,
	"address" text,
	"text" text NOT NULL,
	"state" text NOT NULL,
	"exclusion" text,
	"fail_reason" text,
	"sent_as" text,
	"provider_message_id" text,
	"outbox_id" bigint,
	"charge" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_recipient_state_check" CHECK ("message_recipient"."state" in ('QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'FALLBACK', 'EXCLUDED'))
);
--> statement-breakpoint
CREATE TABLE "message_send" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_send_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"content" text NOT NULL,
	"advertising" boolean DEFAULT false NOT NULL,
	"sender_id" integer,
	"template_id" integer,
	"image_file_id" text,
	"audience" jsonb NOT NULL,
	"state" text NOT NULL,
	"origin" text DEFAULT 'MANUAL' NOT NULL,
	"auto_kind" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"deferred_from" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"unit_price" integer NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"excluded_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_send_state_check" CHECK ("message_send"."state" in ('REQUEST', 'PROCESS', 'FAIL', 'WAIT', 'CANCEL')),
	CONSTRAINT "message_send_channel_check" CHECK ("message_send"."channel" in ('SMS', 'KAKAO', 'EMAIL')),
	CONSTRAINT "message_send_kind_check" CHECK ("message_send"."kind" in ('SMS', 'LMS', 'MMS')),
	CONSTRAINT "message_send_origin_check" CHECK ("message_send"."origin" in ('MANUAL', 'AUTO', 'TEST'))
);
--> statement-breakpoint
CREATE TABLE "message_sender" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_sender_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"phone" text NOT NULL,
	"label" text,
	"owner" text DEFAULT 'GYM' NOT NULL,
	"proof_file_id" text,
	"extra_file_id" text,
	"status" text DEFAULT 'REQUEST' NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_sender_status_check" CHECK ("message_sender"."status" in ('REQUEST', 'APPROVE', 'DENY', 'NEED')),
	CONSTRAINT "message_sender_owner_check" CHECK ("message_sender"."owner" in ('GYM', 'EMPLOYEE', 'OTHER'))
);
--> statement-breakpoint
ALTER TABLE "customer_consent" ADD CONSTRAINT "customer_consent_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consent_event" ADD CONSTRAINT "customer_consent_event_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consent_event" ADD CONSTRAINT "customer_consent_event_by_member_id_member_id_fk" FOREIGN KEY ("by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_auto" ADD CONSTRAINT "message_auto_template_id_kakao_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."kakao_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_auto_sent" ADD CONSTRAINT "message_auto_sent_send_id_message_send_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."message_send"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_credit" ADD CONSTRAINT "message_credit_send_id_message_send_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."message_send"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_credit" ADD CONSTRAINT "message_credit_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipient" ADD CONSTRAINT "message_recipient_send_id_message_send_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."message_send"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipient" ADD CONSTRAINT "message_recipient_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_send" ADD CONSTRAINT "message_send_sender_id_message_sender_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."message_sender"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_send" ADD CONSTRAINT "message_send_template_id_kakao_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."kakao_template"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_send" ADD CONSTRAINT "message_send_image_file_id_file_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_send" ADD CONSTRAINT "message_send_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sender" ADD CONSTRAINT "message_sender_proof_file_id_file_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sender" ADD CONSTRAINT "message_sender_extra_file_id_file_id_fk" FOREIGN KEY ("extra_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sender" ADD CONSTRAINT "message_sender_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_consent_channel_idx" ON "customer_consent" USING btree ("gym_id","channel","agreed");--> statement-breakpoint
CREATE INDEX "customer_consent_event_member_idx" ON "customer_consent_event" USING btree ("gym_id","member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kakao_template_gym_code_idx" ON "kakao_template" USING btree ("gym_id","code");--> statement-breakpoint
CREATE INDEX "message_credit_gym_idx" ON "message_credit" USING btree ("gym_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_credit_recipient_once_idx" ON "message_credit" USING btree ("recipient_id","kind") WHERE "message_credit"."recipient_id" is not null;--> statement-breakpoint
CREATE INDEX "message_recipient_send_idx" ON "message_recipient" USING btree ("send_id","id");--> statement-breakpoint
CREATE INDEX "message_recipient_member_idx" ON "message_recipient" USING btree ("gym_id","member_id");--> statement-breakpoint
CREATE INDEX "message_recipient_provider_idx" ON "message_recipient" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "message_send_gym_idx" ON "message_send" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "message_send_gym_scheduled_idx" ON "message_send" USING btree ("gym_id","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_sender_gym_phone_idx" ON "message_sender" USING btree ("gym_id","phone");--> statement-breakpoint
CREATE INDEX "message_sender_status_idx" ON "message_sender" USING btree ("status","id");
