-- Run once on a PostgreSQL server before restoring a Tessera dump into it (docs/operations.md), as an administrator:
--   psql --set app_role=<the role of DATABASE_URL> --dbname=<the new database> --file=deploy/restore-roles.sql
-- Roles belong to the server, not to a database, so pg_dump does not carry them: without tessera_tenant every
-- row-level-security policy fails to restore, and the app refuses to start (docs/decisions/006).
\set ON_ERROR_STOP on
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tessera_tenant') THEN
    CREATE ROLE tessera_tenant NOLOGIN;
  END IF;
END
$$;
GRANT tessera_tenant TO :"app_role";
