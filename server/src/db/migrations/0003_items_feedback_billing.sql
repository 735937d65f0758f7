CREATE TYPE "public"."billing_interval" AS ENUM('monthly', 'annual');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('paid', 'pending', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payments_provider" AS ENUM('local', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'trialing', 'past_due', 'unpaid', 'canceled', 'inactive', 'incomplete');--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"interval" "billing_interval" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"number" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "invoice_status" NOT NULL,
	"due_date" timestamp with time zone,
	"plan_id" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"provider_invoice_id" text,
	"provider_pdf_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"price_monthly" integer NOT NULL,
	"price_annual" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider" "payments_provider" NOT NULL,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"plan_id" text NOT NULL,
	"interval" "billing_interval" NOT NULL,
	"status" "subscription_status" NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"provider_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"route" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "memberships_user_idx";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_tenant_id_tenants_uuid_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_uuid_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_tenants_uuid_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_tenant_id_tenants_uuid_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_uuid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tenant_id_tenants_uuid_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_tenant_idx" ON "checkout_sessions" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_newest_idx" ON "invoices" USING btree ("tenant_id","created_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_id_idx" ON "invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_local_period_idx" ON "invoices" USING btree ("tenant_id","period_start") WHERE "invoices"."provider_invoice_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_tenant_idx" ON "subscriptions" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_id_idx" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "feedback_newest_idx" ON "feedback" USING btree ("created_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_tenant_idx" ON "feedback" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "items_tenant_newest_idx" ON "items" USING btree ("tenant_id","created_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memberships_tenant_joined_idx" ON "memberships" USING btree ("tenant_id","joined_at","user_id");--> statement-breakpoint
CREATE INDEX "tenants_newest_idx" ON "tenants" USING btree ("created_at" DESC NULLS LAST,"uuid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id","joined_at","tenant_id");--> statement-breakpoint
-- The paid plans (docs/contract.md section 3); an annual price is half of twelve monthly prices.
INSERT INTO "plans" ("id", "name", "description", "currency", "price_monthly", "price_annual", "features", "sort_order") VALUES
	('starter', 'Starter', 'For small teams getting started', 'usd', 900, 5400, '["Up to 5 members", "1,000 items", "Email support"]', 1),
	('pro', 'Pro', 'For growing teams that need more', 'usd', 2900, 17400, '["Up to 25 members", "Unlimited items", "Priority email support", "Activity history"]', 2),
	('business', 'Business', 'For organisations with advanced needs', 'usd', 9900, 59400, '["Unlimited members", "Unlimited items", "Dedicated support", "Single sign-on", "Audit log export"]', 3);
