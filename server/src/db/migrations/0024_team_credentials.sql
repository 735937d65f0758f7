ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_pending_sent_by_idx" ON "invitations" USING btree ("invited_by") WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "api_keys_created_by_idx" ON "api_keys" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_by_idx" ON "webhook_endpoints" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_disabled_reason_check" CHECK ("webhook_endpoints"."disabled_reason" in ('maker_left'));--> statement-breakpoint
-- Existing endpoints: nothing recorded who made one (creating an endpoint wrote no activity entry), so the best
-- evidence is the team's owner, the one account certain to have been allowed to make it. API keys (created_by) and
-- invitations (invited_by) already recorded their maker.
UPDATE "webhook_endpoints" e SET "created_by" = m."user_id"
	FROM "memberships" m
	WHERE m."tenant_id" = e."tenant_id" AND m."role" = 'owner' AND e."created_by" IS NULL;
