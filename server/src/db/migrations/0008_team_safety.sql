ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invitations_tenant_pending_idx" ON "invitations" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_owner_idx" ON "memberships" USING btree ("tenant_id") WHERE "memberships"."role" = 'owner';--> statement-breakpoint
-- A team has exactly one owner at every commit: the unique index above allows at most one, and this deferred check
-- refuses a transaction that leaves a team without one (an owner demoted or removed and nobody promoted, or a team
-- created without its owner). A deleted team needs none: its memberships go with it.
CREATE FUNCTION team_keeps_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	team uuid;
BEGIN
	IF TG_TABLE_NAME = 'tenants' THEN
		team := NEW.uuid;
	ELSE
		team := OLD.tenant_id;
	END IF;
	IF EXISTS (SELECT 1 FROM tenants WHERE uuid = team)
		AND NOT EXISTS (SELECT 1 FROM memberships WHERE tenant_id = team AND role = 'owner') THEN
		RAISE EXCEPTION 'team % would be left without an owner', team USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER memberships_keep_an_owner AFTER UPDATE OF role OR DELETE ON memberships
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.role = 'owner') EXECUTE FUNCTION team_keeps_an_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tenants_have_an_owner AFTER INSERT ON tenants
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION team_keeps_an_owner();
