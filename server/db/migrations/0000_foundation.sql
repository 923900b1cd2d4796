CREATE TABLE "member" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"gender" text DEFAULT 'NONE' NOT NULL,
	"birth_date" date,
	"image" text,
	"auth_code" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"stop_start_date" date,
	"stop_end_date" date,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_auth_code_check" CHECK ("member"."auth_code" in ('SUPERADMIN', 'ADMIN', 'MEMBER')),
	CONSTRAINT "member_status_check" CHECK ("member"."status" in ('ACTIVE', 'STOP', 'QUIT')),
	CONSTRAINT "member_gender_check" CHECK ("member"."gender" in ('MALE', 'FEMALE', 'NONE'))
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failure_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_key" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_user_id_lower_idx" ON "member" USING btree (lower("user_id"));--> statement-breakpoint
CREATE INDEX "member_auth_code_idx" ON "member" USING btree ("auth_code");--> statement-breakpoint
CREATE INDEX "login_failure_user_key_idx" ON "login_failure" USING btree ("user_key","created_at");--> statement-breakpoint
CREATE INDEX "login_failure_ip_idx" ON "login_failure" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_failure_created_at_idx" ON "login_failure" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "session_member_id_idx" ON "session" USING btree ("member_id");