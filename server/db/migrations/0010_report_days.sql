CREATE TABLE "payment_day" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_day_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"day" date NOT NULL,
	"grouping" smallint NOT NULL,
	"item_type" text,
	"item_name" text,
	"staff_member_id" integer,
	"method" text,
	"status" text NOT NULL,
	"lines" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_day" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_day_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"day" date NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_day" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_day_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"day" date NOT NULL,
	"item_type" text NOT NULL,
	"is_new" boolean NOT NULL,
	"sales" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_day" ADD CONSTRAINT "payment_day_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day" ADD CONSTRAINT "report_day_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_day" ADD CONSTRAINT "sale_day_gym_id_gym_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gym"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_day_gym_day_idx" ON "payment_day" USING btree ("gym_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "report_day_gym_day_idx" ON "report_day" USING btree ("gym_id","day");--> statement-breakpoint
CREATE INDEX "report_day_day_idx" ON "report_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sale_day_gym_day_idx" ON "sale_day" USING btree ("gym_id","day");