-- Row-level security: the second wall behind the tenant id in every WHERE (docs/decisions/006).
-- The app's own connection owns the tables and so bypasses these policies; tenant-scoped work switches, inside
-- its transaction, to the restricted role tessera_tenant with app.tenant_id set (server/src/db/tenant-scope.ts),
-- and then sees and writes only that tenant's rows even if a query forgot its filter.
-- Roles are cluster-wide: another database on the same server may have created it already, maybe concurrently.
-- The app's role needs neither SUPERUSER nor CREATEROLE: when an administrator has run, once per server,
--   CREATE ROLE tessera_tenant NOLOGIN; GRANT tessera_tenant TO <app role>;
-- both steps below find their work done and change nothing. Otherwise they do it, or stop saying what to run.
DO $$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tessera_tenant') THEN
		BEGIN
			CREATE ROLE tessera_tenant NOLOGIN;
		EXCEPTION
			WHEN duplicate_object OR unique_violation THEN NULL;
			WHEN insufficient_privilege THEN
				RAISE EXCEPTION USING
					ERRCODE = 'insufficient_privilege',
					MESSAGE = format(
						'The role tessera_tenant does not exist and role %s may not create it. '
						'An administrator must run once: CREATE ROLE tessera_tenant NOLOGIN; GRANT tessera_tenant TO %s;',
						quote_ident(current_user), quote_ident(current_user)
					);
		END;
	END IF;
END $$;
--> statement-breakpoint
DO $$
BEGIN
	IF NOT pg_has_role(current_user, 'tessera_tenant', 'MEMBER') THEN
		BEGIN
			EXECUTE format('GRANT tessera_tenant TO %I', current_user);
		EXCEPTION WHEN insufficient_privilege THEN NULL;
		END;
		IF NOT pg_has_role(current_user, 'tessera_tenant', 'MEMBER') THEN
			RAISE EXCEPTION USING
				ERRCODE = 'insufficient_privilege',
				MESSAGE = format(
					'Role %s is not a member of tessera_tenant and may not grant it to itself. '
					'An administrator must run once: GRANT tessera_tenant TO %s;',
					quote_ident(current_user), quote_ident(current_user)
				);
		END IF;
	END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO tessera_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "items", "feedback", "invitations", "memberships", "subscriptions", "invoices", "checkout_sessions" TO tessera_tenant;
--> statement-breakpoint
GRANT SELECT, UPDATE ON "tenants" TO tessera_tenant;
--> statement-breakpoint
GRANT INSERT ON "activity_log" TO tessera_tenant;
--> statement-breakpoint
GRANT SELECT ON "plans" TO tessera_tenant;
--> statement-breakpoint
-- Members are listed with their email; the password hash stays out of reach.
GRANT SELECT ("uuid", "email", "is_verified", "created_at") ON "users" TO tessera_tenant;
--> statement-breakpoint
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['items', 'feedback', 'invitations', 'memberships', 'subscriptions', 'invoices', 'checkout_sessions', 'activity_log'] LOOP
		EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
		EXECUTE format(
			'CREATE POLICY tenant_isolation ON %I TO tessera_tenant '
			'USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid) '
			'WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
			t
		);
	END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "tenants" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "tenants" TO tessera_tenant
	USING ("uuid" = nullif(current_setting('app.tenant_id', true), '')::uuid)
	WITH CHECK ("uuid" = nullif(current_setting('app.tenant_id', true), '')::uuid);
