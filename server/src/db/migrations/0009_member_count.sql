ALTER TABLE "tenants" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The member count of every team, kept by the memberships themselves: the admin's list of teams reads one column
-- instead of counting each shown team's members (docs/decisions/013). It runs as the writer: inside a tenant scope
-- (tessera_tenant, row-level security) a membership can only be the scope's team's, whose row the scope may update.
CREATE FUNCTION count_team_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE tenants SET member_count = member_count + 1 WHERE uuid = NEW.tenant_id;
	ELSE
		UPDATE tenants SET member_count = member_count - 1 WHERE uuid = OLD.tenant_id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER memberships_count_members AFTER INSERT OR DELETE ON memberships
	FOR EACH ROW EXECUTE FUNCTION count_team_members();
--> statement-breakpoint
UPDATE tenants SET member_count = (SELECT count(*) FROM memberships WHERE memberships.tenant_id = tenants.uuid);
