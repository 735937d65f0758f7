CREATE TABLE "invoice_lines" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_syncs" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "per_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unit_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "seat_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "seat_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_tenants_uuid_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_uuid_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_syncs" ADD CONSTRAINT "seat_syncs_tenant_id_tenants_uuid_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_lines_pending_idx" ON "invoice_lines" USING btree ("tenant_id","position") WHERE "invoice_lines"."invoice_id" is null;--> statement-breakpoint
CREATE INDEX "seat_syncs_due_idx" ON "seat_syncs" USING btree ("due_at");
--> statement-breakpoint
-- Business is sold per member (docs/contract.md section 4, Per-seat billing).
UPDATE "plans" SET "per_seat" = true WHERE "id" = 'business';
--> statement-breakpoint
-- The seats of a team are its members a directory has not deactivated: kept beside the member count by the
-- memberships' own trigger (0009), so that billing reads one column of the team's row in the changing transaction.
CREATE OR REPLACE FUNCTION count_team_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE tenants SET member_count = member_count + 1,
			seat_count = seat_count + (NEW.deactivated_at IS NULL)::int
			WHERE uuid = NEW.tenant_id;
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE tenants SET member_count = member_count - 1,
			seat_count = seat_count - (OLD.deactivated_at IS NULL)::int
			WHERE uuid = OLD.tenant_id;
	ELSE
		UPDATE tenants SET seat_count = seat_count + CASE WHEN NEW.deactivated_at IS NULL THEN 1 ELSE -1 END
			WHERE uuid = NEW.tenant_id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER memberships_count_seats AFTER UPDATE OF deactivated_at ON memberships
	FOR EACH ROW WHEN ((OLD.deactivated_at IS NULL) <> (NEW.deactivated_at IS NULL))
	EXECUTE FUNCTION count_team_members();
--> statement-breakpoint
UPDATE tenants SET seat_count = (
	SELECT count(*) FROM memberships WHERE memberships.tenant_id = tenants.uuid AND memberships.deactivated_at IS NULL
);
--> statement-breakpoint
-- A subscription's quantity starts at the one it has paid for: its first seat change bills the team's other seats for
-- the rest of the period, its next renewal bills them all, and no seat it never paid for is credited.
UPDATE subscriptions SET unit_amount = CASE WHEN subscriptions.interval = 'annual' THEN plans.price_annual ELSE plans.price_monthly END
	FROM plans WHERE plans.id = subscriptions.plan_id;
--> statement-breakpoint
-- The invoices issued before lines existed get the one line they billed.
INSERT INTO invoice_lines (tenant_id, invoice_id, description, quantity, unit_amount, amount, created_at)
	SELECT invoices.tenant_id, invoices.uuid, coalesce(plans.name || ' plan', 'Subscription'), 1,
		coalesce(invoices.subtotal, invoices.amount), coalesce(invoices.subtotal, invoices.amount), invoices.created_at
	FROM invoices LEFT JOIN plans ON plans.id = invoices.plan_id;
--> statement-breakpoint
-- A team's invoice lines and its seat changes waiting for the provider are its own, as its invoices are: a tenant scope
-- sees and writes only its own team's rows. The seat worker reads every team's as the app's role.
GRANT SELECT, INSERT, UPDATE, DELETE ON "invoice_lines", "seat_syncs" TO tessera_tenant;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "invoice_lines" TO tessera_tenant
	USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
	WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "seat_syncs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "seat_syncs" TO tessera_tenant
	USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
	WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
