ALTER TABLE "tenants" ADD COLUMN "subscription_status" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_plan" text;--> statement-breakpoint
-- The team's row mirrors its subscription's status and plan (one subscription per team: subscriptions_tenant_idx),
-- in the same transaction as the change: the admin's list of teams then reads one table (docs/decisions/013). Runs as
-- the writer: inside a tenant scope a subscription can only be the scope's team's, whose row the scope may update.
CREATE FUNCTION mirror_team_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE tenants SET subscription_status = NULL, subscription_plan = NULL WHERE uuid = OLD.tenant_id;
	ELSE
		UPDATE tenants SET subscription_status = NEW.status::text, subscription_plan = NEW.plan_id WHERE uuid = NEW.tenant_id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_mirror_on_team AFTER INSERT OR DELETE OR UPDATE OF status, plan_id ON subscriptions
	FOR EACH ROW EXECUTE FUNCTION mirror_team_subscription();
--> statement-breakpoint
UPDATE tenants SET subscription_status = subscriptions.status::text, subscription_plan = subscriptions.plan_id
	FROM subscriptions WHERE subscriptions.tenant_id = tenants.uuid;
