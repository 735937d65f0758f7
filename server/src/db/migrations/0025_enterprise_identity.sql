CREATE TABLE "team_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"txt_value" text NOT NULL,
	"verified_at" timestamp with time zone,
	"missing_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "enterprise_identity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_domains" ADD CONSTRAINT "team_domains_tenant_id_tenants_uuid_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_domains" ADD CONSTRAINT "team_domains_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_domains_tenant_domain_idx" ON "team_domains" USING btree ("tenant_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "team_domains_verified_idx" ON "team_domains" USING btree ("domain") WHERE "team_domains"."verified_at" is not null;--> statement-breakpoint
UPDATE "plans" SET "enterprise_identity" = true WHERE "id" = 'business';
--> statement-breakpoint
-- A team's domains are its own, as items are (0004): a tenant scope sees and writes only its own team's rows. Whether
-- another team verified a domain is asked by the app's own role (modules/enterprise), and the verified index refuses
-- a second verification whoever asks.
GRANT SELECT, INSERT, UPDATE, DELETE ON "team_domains" TO tessera_tenant;
--> statement-breakpoint
ALTER TABLE "team_domains" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "team_domains" TO tessera_tenant
	USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
	WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
