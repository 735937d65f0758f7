ALTER TABLE "plans" ADD COLUMN "member_limit" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "item_limit" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activity_log_tenant_action_idx" ON "activity_log" USING btree ("tenant_id","action","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id");--> statement-breakpoint
-- The plans' limits (docs/contract.md section 4, Plans with limits); null is unlimited.
UPDATE "plans" SET "member_limit" = 5, "item_limit" = 1000 WHERE "id" = 'starter';--> statement-breakpoint
UPDATE "plans" SET "member_limit" = 25, "item_limit" = NULL WHERE "id" = 'pro';--> statement-breakpoint
UPDATE "plans" SET "member_limit" = NULL, "item_limit" = NULL WHERE "id" = 'business';--> statement-breakpoint
-- A team without an active or trialing subscription is on the free plan: not for sale, so not listed.
INSERT INTO "plans" ("id", "name", "description", "currency", "price_monthly", "price_annual", "features", "sort_order", "member_limit", "item_limit", "listed") VALUES
	('free', 'Free', 'For trying Tessera out', 'usd', 0, 0, '["Up to 3 members", "100 items"]', 0, 3, 100, false)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- The activity page reads a team's log under row-level security, as it writes it.
GRANT SELECT ON "activity_log" TO tessera_tenant;
