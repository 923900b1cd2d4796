CREATE TABLE "file" (
	"id" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"upload_type" text NOT NULL,
	"owner_member_id" integer,
	"gym_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_kind_check" CHECK ("file"."kind" in ('png', 'jpeg', 'pdf')),
	CONSTRAINT "file_upload_type_check" CHECK ("file"."upload_type" in ('INBODY', 'TICKET', 'TRAINER', 'ETC'))
);
--> statement-breakpoint
CREATE TABLE "file_access_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" text NOT NULL,
	"member_id" integer,
	"ip" text,
	"user_agent" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"sub_service_type" text,
	"read_yn" boolean DEFAULT false NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_kind_check" CHECK ("notification"."kind" in ('GYM_APPROVED', 'GYM_REJECTED', 'SUB_SERVICE_APPROVED', 'SUB_SERVICE_DENIED'))
);
--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_owner_member_id_member_id_fk" FOREIGN KEY ("owner_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_access_log" ADD CONSTRAINT "file_access_log_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_access_log" ADD CONSTRAINT "file_access_log_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_owner_idx" ON "file" USING btree ("owner_member_id","create_date");--> statement-breakpoint
CREATE INDEX "file_gym_idx" ON "file" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "file_access_log_file_idx" ON "file_access_log" USING btree ("file_id","create_date");--> statement-breakpoint
CREATE INDEX "notification_member_idx" ON "notification" USING btree ("member_id","create_date");--> statement-breakpoint
CREATE INDEX "notification_member_unread_idx" ON "notification" USING btree ("member_id") WHERE not "notification"."read_yn";