import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

import { type Database, rowsOf } from './client.ts';

// Resolved from the package root so the path holds both from src/ (tsx, vitest) and from the bundled dist/.
const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@app/server/package.json')),
  'src/db/migrations',
);

/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_420_001;

/** Applies every committed migration not yet applied; a no-op when the schema is current. */
export async function migrateDatabase(database: Database) {
  const config = { migrationsFolder };
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client }), config);
    return;
  }
  // Several instances may start at once against one PostgreSQL: only one migrates at a time.
  const client = await database.pool.connect();
  try {
    // Waiting for the lock and a migration on a large table may outlast DATABASE_STATEMENT_TIMEOUT_MS, which is for
    // requests; RESET below gives the pooled connection its own back.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}

/** A database this release cannot serve safely: behind its code, or without its row-level security. */
export class SchemaBehindError extends Error {}

/**
 * Refuses a database whose schema is behind this release's migrations: code would meet tables it does not expect.
 * Drizzle records each applied migration by its journal timestamp.
 */
export async function assertSchemaCurrent(database: Database) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const applied = await database.db
    .execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)
    .then((result) => Number(rowsOf<{ last: string | null }>(result)[0]?.last ?? 0))
    // No migration schema or table: nothing was ever applied.
    .catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code === '3F000' || code === '42P01') return 0;
      throw error;
    });
  const pending = journal.entries.filter((entry) => entry.when > applied).length;
  if (pending > 0) {
    throw new SchemaBehindError(
      `The database schema is behind this release (${pending} migration${pending === 1 ? '' : 's'} pending): ` +
        'run npm run migrate first, or set MIGRATE_ON_START=true',
    );
  }
}

/**
 * Refuses a database whose row-level security is not whole (docs/decisions/006): a restore into a server without the
 * `tessera_tenant` role drops every policy yet exits 0, and the app would then fail every team request.
 */
export async function assertIsolation(database: Database) {
  const result = await database.db.execute(sql`
    select
      exists (select from pg_roles where rolname = 'tessera_tenant')
        and pg_has_role(current_user, 'tessera_tenant', 'MEMBER') as "roleReady",
      (select count(*)::int from pg_class c
        where c.relrowsecurity and c.relnamespace = 'public'::regnamespace
          and not exists (select from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname))
        as "unguarded"`);
  const [row] = rowsOf<{ roleReady: boolean; unguarded: number }>(result);
  if (row?.roleReady && row.unguarded === 0) return;
  const what = row?.roleReady
    ? `${row.unguarded} tables have row-level security without their policy`
    : "the role tessera_tenant is missing or not granted to DATABASE_URL's role";
  throw new SchemaBehindError(
    `The database cannot keep teams apart: ${what} (a restore without the role?): ` +
      'run deploy/restore-roles.sql, then restore again (docs/operations.md)',
  );
}
