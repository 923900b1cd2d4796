CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "consult" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consult_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"person_kind" text DEFAULT 'NONMEMBER' NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"content" text,
	"status" text DEFAULT 'WAIT' NOT NULL,
	"consult_date" date,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gym" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gym_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"business_no" text,
	"represent_name" text,
	"business_form" text DEFAULT 'INDIVIDUAL' NOT NULL,
	"business_type" text,
	"business_field" text,
	"post_no" text,
	"address" text,
	"address_detail" text,
	"business_url_img_url" text,
	"represent_id_img_url" text,
	"worker_id_img_url" text,
	"senders" text,
	"gym_status" text DEFAULT 'WAIT' NOT NULL,
	"inactive_reason" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gym_status_check" CHECK ("gym"."gym_status" in ('WAIT', 'REQUEST', 'ACTIVE', 'INACTIVE', 'QUIT')),
	CONSTRAINT "gym_business_form_check" CHECK ("gym"."business_form" in ('INDIVIDUAL', 'CORPORATE'))
);
--> statement-breakpoint
CREATE TABLE "gym_auth" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gym_auth_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"member_use_yn" boolean DEFAULT false NOT NULL,
	"member_setting_yn" boolean DEFAULT false NOT NULL,
	"consult_use_yn" boolean DEFAULT false NOT NULL,
	"consult_setting_yn" boolean DEFAULT false NOT NULL,
	"sub_service_use_yn" boolean DEFAULT false NOT NULL,
	"sub_service_setting_yn" boolean DEFAULT false NOT NULL,
	"ad_message_use_yn" boolean DEFAULT false NOT NULL,
	"ad_message_setting_yn" boolean DEFAULT false NOT NULL,
	"pay_history_use_yn" boolean DEFAULT false NOT NULL,
	"pay_history_setting_yn" boolean DEFAULT false NOT NULL,
	"default_yn" boolean DEFAULT false NOT NULL,
	"represent_yn" boolean DEFAULT false NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gym_auth_member" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gym_auth_member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"gym_auth_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gym_member" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gym_member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'WAIT' NOT NULL,
	"worker_yn" boolean DEFAULT false NOT NULL,
	"gym_auth_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gym_member_status_check" CHECK ("gym_member"."status" in ('WAIT', 'ACTIVE', 'INACTIVE', 'QUIT'))
);
--> statement-breakpoint
CREATE TABLE "gym_setting" (
	"gym_id" integer PRIMARY KEY NOT NULL,
	"open_time" text DEFAULT '06:00' NOT NULL,
	"close_time" text DEFAULT '23:00' NOT NULL,
	"will_expire_days" integer DEFAULT 30 NOT NULL,
	"default_sender_phone" text,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gym_sub_service" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gym_sub_service_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"sub_service_id" integer NOT NULL,
	"gym_sub_service_status" text DEFAULT 'WAIT' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gym_sub_service_status_check" CHECK ("gym_sub_service"."gym_sub_service_status" in ('WAIT', 'APPROVE', 'DENY', 'CANCEL'))
);
--> statement-breakpoint
CREATE TABLE "sub_service" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_service_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_sub_service_type" text NOT NULL,
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL,
	"price" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_auth" ADD CONSTRAINT "gym_auth_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_auth_member" ADD CONSTRAINT "gym_auth_member_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_auth_member" ADD CONSTRAINT "gym_auth_member_gym_auth_id_gym_auth_id_fk" FOREIGN KEY ("gym_auth_id") REFERENCES "public"."gym_auth"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_auth_member" ADD CONSTRAINT "gym_auth_member_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_member" ADD CONSTRAINT "gym_member_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_member" ADD CONSTRAINT "gym_member_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_member" ADD CONSTRAINT "gym_member_gym_auth_id_gym_auth_id_fk" FOREIGN KEY ("gym_auth_id") REFERENCES "public"."gym_auth"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_setting" ADD CONSTRAINT "gym_setting_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_sub_service" ADD CONSTRAINT "gym_sub_service_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_sub_service" ADD CONSTRAINT "gym_sub_service_sub_service_id_sub_service_id_fk" FOREIGN KEY ("sub_service_id") REFERENCES "public"."sub_service"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consult_gym_idx" ON "consult" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "consult_gym_date_idx" ON "consult" USING btree ("gym_id","create_date");--> statement-breakpoint
CREATE INDEX "gym_status_idx" ON "gym" USING btree ("gym_status","id");--> statement-breakpoint
CREATE INDEX "gym_name_compact_trgm_idx" ON "gym" USING gin (lower(regexp_replace("name", '\s', '', 'g')) gin_trgm_ops) WHERE "gym"."gym_status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "gym_auth_gym_idx" ON "gym_auth" USING btree ("gym_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gym_auth_one_default_idx" ON "gym_auth" USING btree ("gym_id") WHERE "gym_auth"."default_yn";--> statement-breakpoint
CREATE UNIQUE INDEX "gym_auth_one_represent_idx" ON "gym_auth" USING btree ("gym_id") WHERE "gym_auth"."represent_yn";--> statement-breakpoint
CREATE UNIQUE INDEX "gym_auth_member_gym_member_idx" ON "gym_auth_member" USING btree ("gym_id","member_id");--> statement-breakpoint
CREATE INDEX "gym_auth_member_auth_idx" ON "gym_auth_member" USING btree ("gym_auth_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gym_member_gym_member_idx" ON "gym_member" USING btree ("gym_id","member_id");--> statement-breakpoint
CREATE INDEX "gym_member_member_idx" ON "gym_member" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "gym_member_gym_worker_idx" ON "gym_member" USING btree ("gym_id","worker_yn","id");--> statement-breakpoint
CREATE INDEX "gym_member_auth_idx" ON "gym_member" USING btree ("gym_auth_id");--> statement-breakpoint
CREATE INDEX "gym_sub_service_gym_idx" ON "gym_sub_service" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "gym_sub_service_status_idx" ON "gym_sub_service" USING btree ("gym_sub_service_status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gym_sub_service_live_idx" ON "gym_sub_service" USING btree ("gym_id","sub_service_id") WHERE "gym_sub_service"."gym_sub_service_status" in ('WAIT', 'APPROVE');--> statement-breakpoint
CREATE UNIQUE INDEX "sub_service_type_idx" ON "sub_service" USING btree ("gym_sub_service_type");