-- Indexes in the order the pages read: newest-first pages ORDER BY created_at DESC, uuid DESC, which means NULLS
-- FIRST, and an index built DESC NULLS LAST (drizzle's default) cannot serve it, so PostgreSQL read every row of the
-- tenant and sorted. The outbox worker reads due mail in next_attempt_at, id order.
DROP INDEX "invoices_tenant_newest_idx";--> statement-breakpoint
DROP INDEX "feedback_newest_idx";--> statement-breakpoint
DROP INDEX "items_tenant_newest_idx";--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
DROP INDEX "tenants_newest_idx";--> statement-breakpoint
CREATE INDEX "invoices_tenant_newest_idx" ON "invoices" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"uuid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_newest_idx" ON "feedback" USING btree ("created_at" DESC NULLS FIRST,"uuid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "items_tenant_newest_idx" ON "items" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"uuid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at","id") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "tenants_newest_idx" ON "tenants" USING btree ("created_at" DESC NULLS FIRST,"uuid" DESC NULLS FIRST);