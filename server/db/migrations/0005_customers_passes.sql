CREATE TABLE "customer_memo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_memo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"computation" jsonb,
	"note" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_line_method_check" CHECK ("payment_line"."method" in ('CARD', 'CASH', 'TRANSFER')),
	CONSTRAINT "payment_line_status_check" CHECK ("payment_line"."status" in ('APPROVE', 'REFUND')),
	CONSTRAINT "payment_line_sign_check" CHECK (("payment_line"."status" = 'APPROVE' and "payment_line"."amount" > 0) or ("payment_line"."status" = 'REFUND' and "payment_line"."amount" <= 0))
);
--> statement-breakpoint
CREATE TABLE "sale" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_name" text NOT NULL,
	"ticket_issue_id" integer,
	"list_price" integer NOT NULL,
	"price" integer NOT NULL,
	"price_reason" text,
	"sold_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_item_type_check" CHECK ("sale"."item_type" in ('PASS', 'TRANSFER_FEE', 'PRODUCT', 'LOCKER')),
	CONSTRAINT "sale_price_check" CHECK ("sale"."price" >= 0 and "sale"."list_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"period_amount" integer,
	"period_unit" text,
	"session_count" integer,
	"origin_price" integer NOT NULL,
	"sale_price" integer NOT NULL,
	"sale_start_date" date,
	"sale_end_date" date,
	"sale_state" text DEFAULT 'ACTIVE' NOT NULL,
	"hold_max_count" integer,
	"hold_max_days" integer,
	"hold_min_days" integer,
	"entry_uses_session" boolean DEFAULT false NOT NULL,
	"transfer_fee" integer DEFAULT 0 NOT NULL,
	"color" text DEFAULT '#1677ff' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_period_check" CHECK (("ticket"."period_amount" is null) = ("ticket"."period_unit" is null)),
	CONSTRAINT "ticket_kind_check" CHECK ("ticket"."period_amount" is not null or "ticket"."session_count" is not null),
	CONSTRAINT "ticket_unit_check" CHECK ("ticket"."period_unit" in ('DAY', 'WEEK', 'MONTH', 'YEAR')),
	CONSTRAINT "ticket_sale_state_check" CHECK ("ticket"."sale_state" in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "ticket_price_check" CHECK ("ticket"."origin_price" >= 0 and "ticket"."sale_price" >= 0 and "ticket"."transfer_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_hold" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_hold_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"ticket_issue_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"planned_end_date" date NOT NULL,
	"reason" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_issue" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_issue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"ticket_name" text NOT NULL,
	"period_amount" integer,
	"period_unit" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"session_count" integer,
	"status" text DEFAULT 'FIN' NOT NULL,
	"price" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"unpaid_amount" integer GENERATED ALWAYS AS (case when status = 'REFUND' then 0 else greatest(price - paid_amount, 0) end) STORED,
	"sold_by_member_id" integer,
	"refunded_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_issue_status_check" CHECK ("ticket_issue"."status" in ('FIN', 'REFUND')),
	CONSTRAINT "ticket_issue_price_check" CHECK ("ticket_issue"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_transfer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_transfer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"ticket_issue_id" integer NOT NULL,
	"from_member_id" integer NOT NULL,
	"to_member_id" integer NOT NULL,
	"fee" integer NOT NULL,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_usage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_usage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"ticket_issue_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sessions" integer NOT NULL,
	"note" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_usage_kind_check" CHECK ("ticket_usage"."kind" in ('ENTRY', 'ATTEND', 'NOSHOW', 'ADJUST', 'REFUND'))
);
--> statement-breakpoint
ALTER TABLE "member" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "owner_gym_id" integer;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "card_number" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "trainer_member_id" integer;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "lead_source" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "registered_on" date;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "current_ticket_issue_id" integer;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "pass_name" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "pass_start_date" date;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "pass_end_date" date;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "sessions_left" integer;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "hold_start_date" date;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "hold_end_date" date;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "unpaid_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_memo" ADD CONSTRAINT "customer_memo_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memo" ADD CONSTRAINT "customer_memo_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_line" ADD CONSTRAINT "payment_line_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_line" ADD CONSTRAINT "payment_line_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_sold_by_member_id_member_id_fk" FOREIGN KEY ("sold_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_hold" ADD CONSTRAINT "ticket_hold_ticket_issue_id_ticket_issue_id_fk" FOREIGN KEY ("ticket_issue_id") REFERENCES "public"."ticket_issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_hold" ADD CONSTRAINT "ticket_hold_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_issue" ADD CONSTRAINT "ticket_issue_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_issue" ADD CONSTRAINT "ticket_issue_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_issue" ADD CONSTRAINT "ticket_issue_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_issue" ADD CONSTRAINT "ticket_issue_sold_by_member_id_member_id_fk" FOREIGN KEY ("sold_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfer" ADD CONSTRAINT "ticket_transfer_ticket_issue_id_ticket_issue_id_fk" FOREIGN KEY ("ticket_issue_id") REFERENCES "public"."ticket_issue"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfer" ADD CONSTRAINT "ticket_transfer_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_usage" ADD CONSTRAINT "ticket_usage_ticket_issue_id_ticket_issue_id_fk" FOREIGN KEY ("ticket_issue_id") REFERENCES "public"."ticket_issue"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_usage" ADD CONSTRAINT "ticket_usage_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_memo_member_idx" ON "customer_memo" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "payment_line_sale_idx" ON "payment_line" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "payment_line_gym_idx" ON "payment_line" USING btree ("gym_id","create_date");--> statement-breakpoint
CREATE INDEX "payment_line_member_idx" ON "payment_line" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sale_gym_idx" ON "sale" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "sale_member_idx" ON "sale" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "sale_issue_idx" ON "sale" USING btree ("ticket_issue_id");--> statement-breakpoint
CREATE INDEX "ticket_gym_idx" ON "ticket" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "ticket_hold_issue_idx" ON "ticket_hold" USING btree ("ticket_issue_id","start_date");--> statement-breakpoint
CREATE INDEX "ticket_issue_gym_idx" ON "ticket_issue" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "ticket_issue_member_idx" ON "ticket_issue" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "ticket_issue_gym_end_idx" ON "ticket_issue" USING btree ("gym_id","end_date");--> statement-breakpoint
CREATE INDEX "ticket_issue_ticket_idx" ON "ticket_issue" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_issue_gym_unpaid_idx" ON "ticket_issue" USING btree ("gym_id","id") WHERE "ticket_issue"."unpaid_amount" > 0;--> statement-breakpoint
CREATE INDEX "ticket_transfer_issue_idx" ON "ticket_transfer" USING btree ("ticket_issue_id");--> statement-breakpoint
CREATE INDEX "ticket_transfer_from_idx" ON "ticket_transfer" USING btree ("from_member_id");--> statement-breakpoint
CREATE INDEX "ticket_usage_issue_idx" ON "ticket_usage" USING btree ("ticket_issue_id","id");--> statement-breakpoint
CREATE INDEX "ticket_usage_gym_idx" ON "ticket_usage" USING btree ("gym_id","id");--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_owner_gym_id_gym_id_fk" FOREIGN KEY ("owner_gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_trainer_member_id_member_id_fk" FOREIGN KEY ("trainer_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_owner_phone_idx" ON "member" USING btree ("owner_gym_id","phone") WHERE "member"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "member_owner_list_idx" ON "member" USING btree ("owner_gym_id","status","id");--> statement-breakpoint
CREATE INDEX "member_owner_end_idx" ON "member" USING btree ("owner_gym_id","pass_end_date","id");--> statement-breakpoint
CREATE INDEX "member_owner_registered_idx" ON "member" USING btree ("owner_gym_id","registered_on","id");--> statement-breakpoint
CREATE INDEX "member_owner_unpaid_idx" ON "member" USING btree ("owner_gym_id","unpaid_amount","id") WHERE "member"."unpaid_amount" > 0;--> statement-breakpoint
CREATE INDEX "member_owner_name_idx" ON "member" USING btree ("owner_gym_id","name","id");--> statement-breakpoint
CREATE INDEX "member_owner_sessions_idx" ON "member" USING btree ("owner_gym_id","sessions_left");--> statement-breakpoint
CREATE INDEX "member_name_trgm_idx" ON "member" USING gin ("name" gin_trgm_ops) WHERE "member"."owner_gym_id" is not null;--> statement-breakpoint
CREATE INDEX "member_phone_trgm_idx" ON "member" USING gin ("phone" gin_trgm_ops) WHERE "member"."owner_gym_id" is not null;--> statement-breakpoint
CREATE INDEX "member_trainer_idx" ON "member" USING btree ("trainer_member_id");--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_login_pair_check" CHECK (("member"."user_id" is null) = ("member"."password_hash" is null));--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_login_or_owner_check" CHECK ("member"."user_id" is not null or "member"."owner_gym_id" is not null);