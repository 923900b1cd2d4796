CREATE TABLE "member_consent" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_consent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"agreed" boolean NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_consent_kind_check" CHECK ("member_consent"."kind" in ('TERMS', 'PRIVACY', 'MARKETING'))
);
--> statement-breakpoint
CREATE TABLE "password_reset" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_key" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_consent" ADD CONSTRAINT "member_consent_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_consent_member_id_idx" ON "member_consent" USING btree ("member_id","agreed_at");--> statement-breakpoint
CREATE INDEX "password_reset_member_id_idx" ON "password_reset" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_request_user_key_idx" ON "password_reset_request" USING btree ("user_key","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_request_ip_idx" ON "password_reset_request" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_request_created_at_idx" ON "password_reset_request" USING btree ("created_at");