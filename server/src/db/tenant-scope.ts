// The second wall of tenant isolation (docs/decisions/006): row-level security for one tenant's transaction.
import type { Socket } from 'node:net';

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

import type { Db } from './client.ts';

const ENTER_SCOPE = {
  name: 'enter_tenant_scope',
  text: "select set_config('role', 'tessera_tenant', true), set_config('app.tenant_id', $1, true)",
};

/**
 * Runs fn in one transaction as the restricted role tessera_tenant with app.tenant_id set, so PostgreSQL itself
 * confines every statement to that tenant's rows. Queries still filter by tenant id: this catches the one that forgot.
 *
 * On PostgreSQL the pool's connections pipeline (db/client.ts): BEGIN, the scope and fn's first statement leave
 * together and cost one round trip (docs/decisions/011). If the scope fails, PostgreSQL aborts the transaction and
 * fn's statements fail unrun.
 */
export function withTenantScope<T>(db: Db, tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return scope(db, tenantId, fn, false);
}

/**
 * withTenantScope for fn that runs exactly one statement: the COMMIT leaves right behind it, and the whole
 * transaction costs one round trip. A second statement is refused (it would run after the COMMIT, unscoped).
 */
export function withTenantStatement<T>(db: Db, tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return scope(db, tenantId, fn, true);
}

function scope<T>(db: Db, tenantId: string, fn: (tx: Db) => Promise<T>, oneStatement: boolean): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return pipelinedScope(client, tenantId, fn, oneStatement);
  // PGlite answers in-process, and a transaction given here nests as a savepoint: nothing to pipeline.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'tessera_tenant', true), set_config('app.tenant_id', ${tenantId}, true)`,
    );
    return fn(tx);
  });
}

/**
 * A pooled connection as Drizzle sees it, with a say in what fn sends: in a one-statement scope, the COMMIT goes
 * right behind the first statement and nothing may follow it. Pooled connections live as long as the pool, so one
 * handle each, made on its first scope.
 */
type Handle = {
  db: Db;
  oneStatement: boolean;
  commit: Promise<unknown> | undefined;
  /** Uncorks the socket once fn's first statement is written (or fn ends without one); then does nothing. */
  sent: (() => void) | undefined;
};
const handles = new WeakMap<pg.PoolClient, Handle>();

function handleOf(client: pg.PoolClient): Handle {
  let handle = handles.get(client);
  if (!handle) {
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    const gate = {
      query: (...args: unknown[]) => {
        if (handle!.commit)
          throw new Error('withTenantStatement runs one statement; use withTenantScope for more');
        const sent = send(...args);
        if (handle!.oneStatement) handle!.commit = client.query('commit');
        handle!.sent?.();
        return sent;
      },
    };
    handle = {
      db: drizzle({ client: gate as unknown as pg.PoolClient }) as unknown as Db,
      oneStatement: false,
      commit: undefined,
      sent: undefined,
    };
    handles.set(client, handle);
  }
  return handle;
}

async function pipelinedScope<T>(
  pool: pg.Pool,
  tenantId: string,
  fn: (tx: Db) => Promise<T>,
  oneStatement: boolean,
): Promise<T> {
  const client = await pool.connect();
  const handle = handleOf(client);
  handle.oneStatement = oneStatement;
  // Corked, the socket holds BEGIN, the scope and fn's first statement (and its COMMIT) for one write, not four.
  const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  socket.cork();
  handle.sent = () => {
    handle.sent = undefined;
    socket.uncork();
  };
  let broken = false;
  try {
    const opened = Promise.all([client.query('begin'), client.query({ ...ENTER_SCOPE, values: [tenantId] })]);
    const [scope, outcome] = await Promise.allSettled([
      opened,
      Promise.resolve()
        .then(() => fn(handle.db))
        .finally(() => handle.sent?.()),
    ]);
    // The scope's failure explains fn's ("current transaction is aborted"): report it first.
    if (scope.status === 'rejected') throw scope.reason;
    if (outcome.status === 'rejected') throw outcome.reason;
    await (handle.commit ?? client.query('commit'));
    return outcome.value;
  } catch (error) {
    // A COMMIT sent behind a failed statement ends the transaction as a ROLLBACK, and this one finds none to end;
    // nothing to roll back on a lost connection either: the pool must then drop it instead of lending it again.
    await handle.commit?.catch(() => {});
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    handle.oneStatement = false;
    handle.commit = undefined;
    client.release(broken);
  }
}
