-- An item's creation is logged by the insert's own statement now, as its change and deletion are by theirs: a
-- data-modifying CTE beside the write (items.repository.ts, with the entry's SQL from the activity module), so the
-- hottest write stays one statement and one round trip (docs/decisions/013, 016) without a trigger.
DROP TRIGGER "items_log_created" ON "items";--> statement-breakpoint
DROP FUNCTION "log_item_created"();
