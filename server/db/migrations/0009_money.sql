CREATE TABLE "cash_receipt" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_receipt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"checkout_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"supply" integer NOT NULL,
	"vat" integer NOT NULL,
	"purpose" text NOT NULL,
	"identifier_type" text NOT NULL,
	"identifier" text NOT NULL,
	"self_issued" text DEFAULT 'N' NOT NULL,
	"status" text DEFAULT 'ISSUED' NOT NULL,
	"provider" text NOT NULL,
	"approval_number" text NOT NULL,
	"paid_on" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_receipt_purpose_check" CHECK ("cash_receipt"."purpose" in ('INCOME_DEDUCTION', 'EXPENSE_PROOF')),
	CONSTRAINT "cash_receipt_identifier_check" CHECK ("cash_receipt"."identifier_type" in ('PHONE', 'CARD', 'BUSINESS')),
	CONSTRAINT "cash_receipt_status_check" CHECK ("cash_receipt"."status" in ('ISSUED', 'CANCELLED')),
	CONSTRAINT "cash_receipt_amount_check" CHECK ("cash_receipt"."amount" > 0 and "cash_receipt"."supply" + "cash_receipt"."vat" = "cash_receipt"."amount")
);
--> statement-breakpoint
CREATE TABLE "checkout" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"cash_paid" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_kind_check" CHECK ("checkout"."kind" in ('DESK', 'COLLECT', 'REQUEST', 'PASS', 'LOCKER', 'TRANSFER')),
	CONSTRAINT "checkout_amounts_check" CHECK ("checkout"."total" >= 0 and "checkout"."paid" >= 0 and "checkout"."cash_paid" between 0 and "checkout"."paid")
);
--> statement-breakpoint
CREATE TABLE "expense_category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expense_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expense_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"spent_on" date NOT NULL,
	"category_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"memo" text,
	"file_id" text,
	"reverses_expense_id" integer,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_method_check" CHECK ("expense"."method" in ('CARD', 'CASH', 'TRANSFER')),
	CONSTRAINT "expense_amount_check" CHECK (("expense"."reverses_expense_id" is null and "expense"."amount" > 0) or ("expense"."reverses_expense_id" is not null and "expense"."amount" < 0))
);
--> statement-breakpoint
CREATE TABLE "pay_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'FIN' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"method" text,
	"reference" text NOT NULL,
	"depositor_name" text,
	"claimed_at" timestamp with time zone,
	"checkout_id" integer,
	"paid_at" timestamp with time zone,
	"confirmed_by_member_id" integer,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_request_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "pay_request_status_check" CHECK ("pay_request"."status" in ('FIN', 'WAIT', 'APPROVE')),
	CONSTRAINT "pay_request_amount_check" CHECK ("pay_request"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_group" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"vat_mode" text DEFAULT 'INCLUDED' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"low_stock_at" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"memo" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_check" CHECK ("product"."price" >= 0),
	CONSTRAINT "product_stock_check" CHECK ("product"."stock" >= 0),
	CONSTRAINT "product_vat_check" CHECK ("product"."vat_mode" in ('INCLUDED', 'EXEMPT')),
	CONSTRAINT "product_status_check" CHECK ("product"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "promotion_target" (
	"promotion_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "promotion_target_promotion_id_item_type_item_id_pk" PRIMARY KEY("promotion_id","item_type","item_id"),
	CONSTRAINT "promotion_target_type_check" CHECK ("promotion_target"."item_type" in ('PASS', 'PRODUCT'))
);
--> statement-breakpoint
CREATE TABLE "promotion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"per_customer_limit" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_kind_check" CHECK ("promotion"."kind" in ('PERCENT', 'AMOUNT')),
	CONSTRAINT "promotion_value_check" CHECK ("promotion"."value" > 0 and ("promotion"."kind" = 'AMOUNT' or "promotion"."value" <= 100)),
	CONSTRAINT "promotion_dates_check" CHECK ("promotion"."end_date" >= "promotion"."start_date"),
	CONSTRAINT "promotion_limit_check" CHECK ("promotion"."per_customer_limit" is null or "promotion"."per_customer_limit" > 0),
	CONSTRAINT "promotion_status_check" CHECK ("promotion"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "sale_adjustment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_adjustment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_adjustment_kind_check" CHECK ("sale_adjustment"."kind" in ('WRITE_OFF', 'CORRECTION')),
	CONSTRAINT "sale_adjustment_amount_check" CHECK ("sale_adjustment"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"sale_id" integer,
	"note" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_kind_check" CHECK ("stock_movement"."kind" in ('SALE', 'ADJUST')),
	CONSTRAINT "stock_movement_change_check" CHECK ("stock_movement"."change" <> 0 and "stock_movement"."stock_after" >= 0),
	CONSTRAINT "stock_movement_note_check" CHECK ("stock_movement"."kind" = 'SALE' or "stock_movement"."note" is not null)
);
--> statement-breakpoint
CREATE TABLE "tax_invoice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"supplier_business_number" text NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_representative" text,
	"buyer_business_number" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text,
	"total" integer NOT NULL,
	"supply" integer NOT NULL,
	"vat" integer NOT NULL,
	"supply_date" date NOT NULL,
	"status" text DEFAULT 'ISSUED' NOT NULL,
	"provider" text NOT NULL,
	"approval_number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by_member_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoice_status_check" CHECK ("tax_invoice"."status" in ('ISSUED', 'CANCELLED')),
	CONSTRAINT "tax_invoice_amount_check" CHECK ("tax_invoice"."total" > 0 and "tax_invoice"."supply" + "tax_invoice"."vat" = "tax_invoice"."total")
);
--> statement-breakpoint
ALTER TABLE "ticket_issue" ADD COLUMN "adjusted_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_issue" drop column "unpaid_amount";--> statement-breakpoint
ALTER TABLE "ticket_issue" ADD COLUMN "unpaid_amount" integer GENERATED ALWAYS AS (case when status = 'REFUND' then 0 else greatest(price - adjusted_amount - paid_amount, 0) end) STORED;--> statement-breakpoint
CREATE INDEX "ticket_issue_gym_unpaid_idx" ON "ticket_issue" USING btree ("gym_id","id") WHERE "ticket_issue"."unpaid_amount" > 0;--> statement-breakpoint
ALTER TABLE "gym_setting" ADD COLUMN "transfer_bank" text;--> statement-breakpoint
ALTER TABLE "gym_setting" ADD COLUMN "transfer_account" text;--> statement-breakpoint
ALTER TABLE "gym_setting" ADD COLUMN "transfer_holder" text;--> statement-breakpoint
ALTER TABLE "payment_line" ADD COLUMN "checkout_id" integer;--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "checkout_id" integer;--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "vat_mode" text DEFAULT 'INCLUDED' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_receipt" ADD CONSTRAINT "cash_receipt_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_receipt" ADD CONSTRAINT "cash_receipt_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_category" ADD CONSTRAINT "expense_category_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_category_id_expense_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_request" ADD CONSTRAINT "pay_request_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_request" ADD CONSTRAINT "pay_request_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_request" ADD CONSTRAINT "pay_request_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_request" ADD CONSTRAINT "pay_request_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_request" ADD CONSTRAINT "pay_request_confirmed_by_member_id_member_id_fk" FOREIGN KEY ("confirmed_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_request" ADD CONSTRAINT "pay_request_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_group_id_product_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_target" ADD CONSTRAINT "promotion_target_promotion_id_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_adjustment" ADD CONSTRAINT "sale_adjustment_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_adjustment" ADD CONSTRAINT "sale_adjustment_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoice" ADD CONSTRAINT "tax_invoice_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoice" ADD CONSTRAINT "tax_invoice_created_by_member_id_member_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_receipt_gym_idx" ON "cash_receipt" USING btree ("gym_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_receipt_checkout_idx" ON "cash_receipt" USING btree ("checkout_id") WHERE "cash_receipt"."status" = 'ISSUED';--> statement-breakpoint
CREATE INDEX "checkout_gym_idx" ON "checkout" USING btree ("gym_id","create_date");--> statement-breakpoint
CREATE INDEX "checkout_member_idx" ON "checkout" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "checkout_gym_cash_idx" ON "checkout" USING btree ("gym_id","create_date") WHERE "checkout"."cash_paid" >= 100000;--> statement-breakpoint
CREATE INDEX "expense_category_gym_idx" ON "expense_category" USING btree ("gym_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_category_code_idx" ON "expense_category" USING btree ("gym_id","code") WHERE "expense_category"."code" is not null;--> statement-breakpoint
CREATE INDEX "expense_gym_idx" ON "expense" USING btree ("gym_id","spent_on");--> statement-breakpoint
CREATE INDEX "pay_request_gym_idx" ON "pay_request" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "pay_request_sale_idx" ON "pay_request" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "product_group_gym_idx" ON "product_group" USING btree ("gym_id","sort_order");--> statement-breakpoint
CREATE INDEX "product_gym_idx" ON "product" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "product_group_idx" ON "product" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "promotion_gym_idx" ON "promotion" USING btree ("gym_id","end_date");--> statement-breakpoint
CREATE INDEX "sale_adjustment_sale_idx" ON "sale_adjustment" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_adjustment_gym_idx" ON "sale_adjustment" USING btree ("gym_id","create_date");--> statement-breakpoint
CREATE INDEX "stock_movement_product_idx" ON "stock_movement" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "tax_invoice_gym_idx" ON "tax_invoice" USING btree ("gym_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoice_sale_idx" ON "tax_invoice" USING btree ("sale_id") WHERE "tax_invoice"."status" = 'ISSUED';--> statement-breakpoint
ALTER TABLE "payment_line" ADD CONSTRAINT "payment_line_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_line_checkout_idx" ON "payment_line" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "sale_gym_date_idx" ON "sale" USING btree ("gym_id","create_date");--> statement-breakpoint
CREATE INDEX "sale_checkout_idx" ON "sale" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "sale_promotion_idx" ON "sale" USING btree ("promotion_id","member_id") WHERE "sale"."promotion_id" is not null;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_quantity_check" CHECK ("sale"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_vat_check" CHECK ("sale"."vat_mode" in ('INCLUDED', 'EXEMPT'));