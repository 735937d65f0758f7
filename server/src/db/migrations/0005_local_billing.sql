-- Local test-mode billing: periods counted from an anchor, credit from plan changes, and invoice line details.
ALTER TABLE "invoices" ADD COLUMN "interval" "billing_interval";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subtotal" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_cycle_anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "credit_balance" integer DEFAULT 0 NOT NULL;