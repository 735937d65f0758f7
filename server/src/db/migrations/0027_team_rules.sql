ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_sso_tenant_id_tenants_uuid_fk";
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "joined_through" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "require_sso" boolean DEFAULT false NOT NULL;