// One database handle for the whole app: the embedded PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
} & ({ kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool });

type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  databasePool?: { max: number; statementTimeoutMs: number };
};

export async function openDatabase(options: DatabaseOptions) {
  if (options.databaseUrl) {
    const { max, statementTimeoutMs } = options.databasePool ?? { max: 10, statementTimeoutMs: 0 };
    // TCP keep-alive: a connection whose host vanished without closing it is found dead instead of waited on. UTC
    // and ISO dates, as PGlite's sessions have them: timestamps read as text are then sliced (db/iso-time.ts).
    // The name shows whose connections these are in pg_stat_activity; the timeout ends a runaway statement (0: none).
    return fromPool(
      new pg.Pool({
        connectionString: options.databaseUrl,
        keepAlive: true,
        max,
        application_name: 'tessera',
        options: `-c TimeZone=UTC -c DateStyle=ISO -c statement_timeout=${statementTimeoutMs}`,
      }),
    );
  }

  mkdirSync(options.dataDir, { recursive: true });
  const lock = lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create(path.join(options.dataDir, 'pgdata'));
    return fromPglite(client, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

export function fromPglite(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    client,
    db,
    ping: () => ping(db),
    close: async () => {
      if (!client.closed) await client.close();
      onClose();
    },
  };
}

export function fromPool(pool: pg.Pool): Database {
  // Fail fast while PostgreSQL is unreachable instead of queueing requests behind a dead connection.
  pool.options.connectionTimeoutMillis ||= 5000;
  // Queries written back to back share one round trip (the tenant scope's BEGIN, scope and first statement: see
  // db/tenant-scope.ts); one query at a time, as everything else sends them, behaves as without.
  pool.options.pipeline = true;
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor may a checked-out one: a transaction holds its client between statements, and a client with no listener
  // throws a lost connection as an uncaught error, which stops the whole app (found by test/faults-postgres.test.ts).
  // Swallowed here, the loss still fails the transaction's next statement ("not queryable", answered 503), and the
  // pool discards the client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { kind: 'postgres', pool, db, ping: () => ping(db), close: () => pool.end() };
}

async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of `db.execute`'s answer: node-postgres and PGlite both answer `{ rows }`, which Drizzle's type hides. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
