CREATE TABLE "revenue_change" (
	"gym_id" integer NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revenue_change_gym_xid_idx" ON "revenue_change" USING btree ("gym_id","xid");--> statement-breakpoint
CREATE INDEX "revenue_change_at_idx" ON "revenue_change" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ticket_issue_gym_created_idx" ON "ticket_issue" USING btree ("gym_id","create_date","id");--> statement-breakpoint
-- What the revenue reports read changed, in this transaction, for these facilities (docs/rules.md#revenue-recognition,
-- "Remembered answers"). A statement trigger: one small insert per writing statement, whatever its row count.
CREATE FUNCTION "note_revenue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "revenue_change" ("gym_id") SELECT DISTINCT "gym_id" FROM "changed";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_issue_revenue_insert" AFTER INSERT ON "ticket_issue" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_issue_revenue_update" AFTER UPDATE ON "ticket_issue" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_issue_revenue_delete" AFTER DELETE ON "ticket_issue" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_hold_revenue_insert" AFTER INSERT ON "ticket_hold" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_hold_revenue_update" AFTER UPDATE ON "ticket_hold" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_hold_revenue_delete" AFTER DELETE ON "ticket_hold" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_usage_revenue_insert" AFTER INSERT ON "ticket_usage" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_usage_revenue_update" AFTER UPDATE ON "ticket_usage" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_usage_revenue_delete" AFTER DELETE ON "ticket_usage" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "sale_revenue_insert" AFTER INSERT ON "sale" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "sale_revenue_update" AFTER UPDATE ON "sale" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "sale_revenue_delete" AFTER DELETE ON "sale" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "payment_line_revenue_insert" AFTER INSERT ON "payment_line" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "payment_line_revenue_update" AFTER UPDATE ON "payment_line" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();--> statement-breakpoint
CREATE TRIGGER "payment_line_revenue_delete" AFTER DELETE ON "payment_line" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_revenue_change"();
