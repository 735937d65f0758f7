// Queries on a team's webhook endpoints and their deliveries. Deliveries are queued in the statement that logs the
// event they announce (queueFrom); the worker claims due ones across teams and settles them.
import { and, asc, count, desc, eq, isNull, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';

import { type Db, rowsOf } from '../../db/client.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { isoTime, isoTimeText, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey } from '../../db/prepared.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { users } from '../../db/schema/users.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  createdAt: isoTime(webhookEndpoints.createdAt),
  // A subquery, not a join, so inserts and updates return it too.
  createdByEmail: sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.uuid} = ${webhookEndpoints.createdBy})`,
  disabledReason: webhookEndpoints.disabledReason,
};
export type EndpointRecord = Awaited<ReturnType<typeof findEndpoints>>[number];

/**
 * The caller's role in the team, read under a share lock on their membership: a demotion or removal waits until the
 * caller's transaction ends (and then finds what it made), or has ended and is seen here.
 */
export async function lockRoleOf(db: Db, tenantId: string, userId: string) {
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .for('share');
  return membership?.role;
}

/**
 * Serialises the team's endpoint creates until the transaction ends. A lock on a row, the team's or its endpoints',
 * would not do: a team with no endpoint has none to lock, and every create from empty would count none.
 */
export async function lockEndpoints(db: Db, tenantId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-endpoints:${tenantId}`}, 0))`,
  );
}

export async function countEndpoints(db: Db, tenantId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId));
  return row?.count ?? 0;
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert) {
  const [endpoint] = await db.insert(webhookEndpoints).values(values).returning(endpointColumns);
  return endpoint!;
}

export function findEndpoints(db: Db, tenantId: string) {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(db: Db, tenantId: string, id: string) {
  const [endpoint] = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)));
  return endpoint;
}

/**
 * Changes an endpoint of the team. `answerable`, the caller, answers for it from now on if the change gives it another
 * URL or switches it on from off; a change that leaves both as they were moves nothing. Switching it on clears why the
 * app switched it off.
 */
export async function updateEndpoint(
  db: Db,
  tenantId: string,
  id: string,
  changes: { url?: string; events?: string[]; enabled?: boolean },
  answerable: string,
) {
  const e = webhookEndpoints;
  const takesOver = sql.join(
    [
      ...(changes.url === undefined ? [] : [sql`${e.url} is distinct from ${changes.url}`]),
      ...(changes.enabled === true ? [sql`not ${e.enabled}`] : []),
      sql`false`,
    ],
    sql` or `,
  );
  const [endpoint] = await db
    .update(e)
    .set({
      ...changes,
      ...(changes.enabled === true && { disabledReason: null }),
      createdBy: sql`case when ${takesOver} then ${answerable}::uuid else ${e.createdBy} end`,
    })
    .where(and(eq(e.tenantId, tenantId), eq(e.id, id)))
    .returning(endpointColumns);
  return endpoint;
}

export async function deleteEndpoint(db: Db, tenantId: string, id: string) {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length === 1;
}

/** Which endpoints a retirement reaches: those `userId` answers for, in one team or in all. */
const madeBy = ({ userId, tenantId }: { userId: string; tenantId?: string | undefined }) =>
  and(
    eq(webhookEndpoints.createdBy, userId),
    tenantId === undefined ? undefined : eq(webhookEndpoints.tenantId, tenantId),
  );

const retiredColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  tenantId: webhookEndpoints.tenantId,
};

/**
 * Switches off the endpoints an account answers for, saying why (one switched off by hand too, so a current admin's
 * switching it on is what makes it theirs): their ids, URLs and teams.
 */
export async function disableEndpointsMadeBy(
  db: Db,
  maker: { userId: string; tenantId?: string | undefined },
) {
  return db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'maker_left' })
    .where(and(madeBy(maker), isNull(webhookEndpoints.disabledReason)))
    .returning(retiredColumns);
}

/** Deletes every endpoint an account answers for, with their deliveries: their ids, URLs and teams. */
export async function deleteEndpointsMadeBy(
  db: Db,
  maker: { userId: string; tenantId?: string | undefined },
) {
  return db.delete(webhookEndpoints).where(madeBy(maker)).returning(retiredColumns);
}

/** The Standard Webhooks payload of `event` for the endpoint `e`, with `data` a jsonb expression. */
const payloadOf = (event: SQL, data: SQL) =>
  sql`jsonb_build_object('type', ${event}, 'timestamp', ${isoTimeText(sql`now()`)}, 'tenant_uuid', e.tenant_id, 'data', ${data})`;

const deliveryColumns = sql.join(
  ['endpointId', 'tenantId', 'event', 'payload', 'nextAttemptAt'].map((name) =>
    sql.identifier(webhookDeliveries[name as 'event'].name),
  ),
  sql`, `,
);
// The worker compares with a JavaScript Date, which has millisecond precision: a microsecond stamp could sit just
// after its "now" and wait a whole poll.
const dueNow = sql`date_trunc('milliseconds', now())`;

/** The CTEs of a statement, built without a connection: a statement that uses them is built per handle. */
const ctes = new QueryBuilder();

/**
 * Events as a CTE of a change's statement, one row each: the logged entries (activity.service.ts), with the columns
 * tenant_id (the team), action (the event's type) and data (jsonb, the payload's data).
 */
export type EventRows = WithSubquery<string, Record<'tenant_id' | 'action' | 'data', unknown>>;

/**
 * The deliveries `events` fan out to, as the CTE `queued` of the statement that logs them, reading only `events`: one
 * per event for each enabled endpoint of its team that takes its action, so the event and its deliveries commit or
 * fail together, and an event of no row queues nothing.
 */
export function queueFrom(events: EventRows): WithSubquery<'queued'> {
  const event = sql`${events}.action`;
  return ctes.$with('queued', {}).as(
    sql`insert into ${webhookDeliveries} (${deliveryColumns})
    select e.id, e.tenant_id, ${event}, ${payloadOf(event, sql`${events}.data`)}, ${dueNow}
    from ${events} join ${webhookEndpoints} e
      on e.tenant_id = ${events}.tenant_id and e.enabled and ${event} = any(e.events)`,
  );
}

const deliveryView = {
  id: webhookDeliveries.id,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  createdAt: isoTime(webhookDeliveries.createdAt),
  lastAttemptAt: isoTime(webhookDeliveries.lastAttemptAt) as SQL<string | null>,
};

/** A ping queued for one endpoint of the team, due now: its id, or undefined when the team has no such endpoint. */
export async function insertPing(db: Db, tenantId: string, endpointId: string) {
  const event = sql`'ping'::text`;
  const result = await db.execute(sql`insert into ${webhookDeliveries} (${deliveryColumns})
    select e.id, e.tenant_id, ${event}, ${payloadOf(event, sql`'{}'::jsonb`)}, ${dueNow}
    from ${webhookEndpoints} e where e.tenant_id = ${tenantId}::uuid and e.id = ${endpointId}::uuid
    returning id`);
  return rowsOf<{ id: string }>(result)[0]?.id;
}

export async function findDelivery(db: Db, tenantId: string, id: string) {
  const [delivery] = await db
    .select(deliveryView)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)));
  return delivery;
}

/** An endpoint's deliveries newest first, from the start or after a cursor's key. */
const deliveryPages = keysetPages((db, afterKey) =>
  db
    .select({ ...deliveryView, uuid: webhookDeliveries.id, sortAt: pgTime(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.tenantId, sql.placeholder('tenantId')),
        eq(webhookDeliveries.endpointId, sql.placeholder('endpointId')),
        afterKey ? pastKey('<', webhookDeliveries.createdAt, webhookDeliveries.id) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(sql.placeholder('limit'))
    .prepare(afterKey ? 'webhook_deliveries_page_after' : 'webhook_deliveries_page'),
);

export function findDeliveries(
  db: Db,
  tenantId: string,
  endpointId: string,
  limit: number,
  after?: readonly [string, string],
) {
  return deliveryPages(db, { tenantId, endpointId, limit }, after);
}

/** Makes a delivery of the team's endpoint due now, whatever its state: the next round sends it again. */
export async function requeueDelivery(db: Db, tenantId: string, endpointId: string, id: string) {
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: dueNow })
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    )
    .returning(deliveryView);
  return delivery;
}

/** A claimed delivery, with what sending it needs. */
export type Claimed = {
  id: string;
  /** The lease it was claimed with: settling it checks the row is still this claim's. */
  nextAttemptAt: Date;
  attempts: number;
  body: string;
  url: string;
  secret: string;
};

/**
 * Leases up to `limit` due deliveries of enabled endpoints, the longest due first, by pushing their next attempt to
 * `leaseUntil`. SKIP LOCKED lets workers claim side by side; the lease keeps a claimed delivery from the others
 * while it is sent outside any transaction. A disabled endpoint's deliveries wait, due, until it is enabled again.
 */
export async function claimDue(
  db: Db,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<Claimed[]> {
  const result =
    await db.execute(sql`update ${webhookDeliveries} d set next_attempt_at = ${leaseUntil.toISOString()}
    from ${webhookEndpoints} e
    where e.id = d.endpoint_id and d.id in (
      select due.id from ${webhookDeliveries} due join ${webhookEndpoints} ee on ee.id = due.endpoint_id and ee.enabled
      where due.status = 'pending' and due.next_attempt_at <= ${now.toISOString()}
      order by due.next_attempt_at, due.id limit ${limit}
      for update of due skip locked)
    returning d.id, d.next_attempt_at, d.attempts, d.payload::text as body, e.url, e.secret`);
  type Row = {
    id: string;
    next_attempt_at: string;
    attempts: number;
    body: string;
    url: string;
    secret: string;
  };
  return rowsOf<Row>(result).map((row) => ({
    id: row.id,
    nextAttemptAt: new Date(row.next_attempt_at),
    attempts: row.attempts,
    body: row.body,
    url: row.url,
    secret: row.secret,
  }));
}

export type Outcome = {
  claim: Pick<Claimed, 'id' | 'nextAttemptAt'>;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  attemptedAt: Date;
  nextAttemptAt: Date;
};

/** Settles a round's attempts in one statement; a row claimed again since (its lease ran out) is left to that claim. */
export async function settle(db: Db, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((outcome) => ({
    id: outcome.claim.id,
    claimed_until: outcome.claim.nextAttemptAt.toISOString(),
    status: outcome.status,
    attempts: outcome.attempts,
    response_status: outcome.responseStatus,
    error: outcome.error,
    attempted_at: outcome.attemptedAt.toISOString(),
    next_attempt_at: outcome.nextAttemptAt.toISOString(),
  }));
  await db.execute(sql`update ${webhookDeliveries} d set
      status = r.status, attempts = r.attempts, response_status = r.response_status, last_error = r.error,
      last_attempt_at = r.attempted_at, next_attempt_at = r.next_attempt_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, claimed_until timestamptz, status text,
      attempts int, response_status int, error text, attempted_at timestamptz, next_attempt_at timestamptz)
    where d.id = r.id and d.next_attempt_at = r.claimed_until`);
}

/** Makes claimed deliveries due again at once (a stopping worker hands back what it did not send). */
export async function handBack(db: Db, claims: Pick<Claimed, 'id' | 'nextAttemptAt'>[], now: Date) {
  for (const claim of claims) {
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: now })
      .where(
        and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.nextAttemptAt, claim.nextAttemptAt)),
      );
  }
}

/** Pending deliveries: due (or being sent), and waiting for a retry after a failed attempt. */
export async function countQueued(db: Db, now: Date) {
  const retrying = sql`${webhookDeliveries.attempts} > 0 and ${webhookDeliveries.nextAttemptAt} > ${now.toISOString()}`;
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where not (${retrying}))::int`,
      retrying: sql<number>`count(*) filter (where ${retrying})::int`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'));
  return { due: row?.due ?? 0, retrying: row?.retrying ?? 0 };
}

/** Settled deliveries (succeeded or failed) created before `before`; pending ones stay until they settle. */
export function deleteSettledBefore(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    db,
    webhookDeliveries,
    webhookDeliveries.id,
    sql`${webhookDeliveries.status} <> 'pending' and ${webhookDeliveries.createdAt} < ${before.toISOString()}`,
    signal,
  );
}
