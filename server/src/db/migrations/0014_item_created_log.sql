-- An item's creation is in its team's log, written by the insert itself: the hottest write stays one statement and
-- one round trip (docs/decisions/013), and no code path can create an item without its entry. The actor is the
-- item's creator. It runs as the writer: inside a tenant scope (tessera_tenant, row-level security) the entry can
-- only be the scope's team's.
CREATE FUNCTION log_item_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO activity_log (tenant_id, actor_id, action, details)
	VALUES (NEW.tenant_id, NEW.created_by, 'item.created', jsonb_build_object('item', NEW.uuid, 'name', NEW.name));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER items_log_created AFTER INSERT ON items
	FOR EACH ROW EXECUTE FUNCTION log_item_created();
