import { and, asc, desc, eq, type SQLWrapper, sql, type WithSubquery } from 'drizzle-orm';
import { QueryBuilder, type WithSubqueryWithSelection } from 'drizzle-orm/pg-core';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey, preparedPerHandle } from '../../db/prepared.ts';
import { activityLog } from '../../db/schema/activity-log.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { users } from '../../db/schema/users.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';

/** A `NewEntry` as the placeholders of a prepared insert (details as JSON): the one entry both inserts below write. */
const newEntry = {
  tenantId: sql.placeholder('tenantId'),
  actorId: sql.placeholder('actorId'),
  action: sql.placeholder('action'),
  details: sql.placeholder('details'),
};

/**
 * Written beside every change a team makes that is no webhook event, in the change's transaction: built and planned
 * once per connection. An event's entry is `loggedOf`'s, and an item's writes log theirs in their own statement
 * (`loggedFrom`).
 */
const insertStatement = preparedPerHandle((db) =>
  db.insert(activityLog).values(newEntry).prepare('insert_activity'),
);

export type NewEntry = {
  tenantId: string;
  actorId: string | null;
  action: string;
  details?: Record<string, unknown>;
};

export async function insertActivity(db: Db, { details = {}, ...entry }: NewEntry) {
  // The column encodes the placeholder's value as it would a literal one (JSON for jsonb).
  await insertStatement(db).execute({ ...entry, details });
}

/** The CTEs of a statement, built without a connection: a statement that uses them is built per handle. */
const ctes = new QueryBuilder();

/** What a logged entry returns: its id and its event, its team, its action and `data`, what a webhook of it carries. */
const loggedColumns = {
  id: sql<string>`id`.as('id'),
  tenant_id: sql<string>`tenant_id`.as('tenant_id'),
  action: sql<string>`action`.as('action'),
  data: sql<unknown>`data`.as('data'),
};

/**
 * An entry logged in a statement, as the CTE `logged`: `INSERT INTO activity_log … RETURNING` loggedColumns, a row
 * per entry, its `action` the webhook event it is announced as. The statement's next part reads it: webhooks'
 * deliveries fan out from it (its `EventRows`).
 */
export type Logged = WithSubqueryWithSelection<typeof loggedColumns, 'logged'>;

/**
 * An entry of a change made by statements of its own, as `logged`, its values the placeholders of a prepared
 * statement (`NewEntry`'s, details as JSON); its event's data is its details.
 */
export function loggedOf(db: Db, announcedAs: Record<string, string>): Logged {
  // Constants of the code, written into the statement as literals.
  const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);
  const event = sql`case ${activityLog.action} ${sql.join(
    Object.entries(announcedAs).map(([action, as]) => sql`when ${literal(action)} then ${literal(as)}`),
    sql` `,
  )} else ${activityLog.action} end`;
  return db.$with('logged', loggedColumns).as(
    db
      .insert(activityLog)
      .values(newEntry)
      .returning({
        id: activityLog.id,
        tenantId: activityLog.tenantId,
        action: event.as('action'),
        // Who made the change is the log's: a webhook's data is the change's.
        data: sql`${activityLog.details} - 'actor'`.as('data'),
      })
      .getSQL(),
  );
}

/** A jsonb object of SQL expressions, as `jsonb_build_object('key', value, …)`. */
const jsonbObject = (fields: Record<string, SQLWrapper>) =>
  sql`jsonb_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  )})`;

/**
 * One entry per row of `source`, as `logged` in the statement of another module's change, after the change's CTE:
 * `entry AS (SELECT … FROM source), logged AS (INSERT INTO activity_log … SELECT … FROM entry RETURNING …)`. The
 * entry's values (`tenantId`, `actorId`, `actorKeyId`, the details' and the data's) are expressions of `source` or
 * typed placeholders of the statement; the details are stored as a JSON object, as insertActivity stores them. The
 * event's `data` is not stored: `entry` gives each row the id its entry is inserted with, and `logged` returns the
 * data of the row of that id (PostgreSQL's RETURNING sees only the inserted row, not the row it was selected from).
 */
export function loggedFrom(
  source: SQLWrapper,
  entry: {
    tenantId: SQLWrapper;
    actorId: SQLWrapper;
    actorKeyId: SQLWrapper;
    action: string;
    details: Record<string, SQLWrapper>;
    data: Record<string, SQLWrapper>;
  },
): [WithSubquery<'entry'>, Logged] {
  const values = ctes.$with('entry', {}).as(
    sql`select gen_random_uuid() as id, ${entry.tenantId} as tenant_id, ${entry.actorId} as actor_id,
      ${entry.actorKeyId} as actor_key_id, ${entry.action}::text as action, ${jsonbObject(entry.details)} as details,
      ${jsonbObject(entry.data)} as data
    from ${source}`,
  );
  const columns = ['id', 'tenantId', 'actorId', 'actorKeyId', 'action', 'details'] as const;
  const stored = sql.join(
    columns.map((name) => sql.identifier(activityLog[name].name)),
    sql`, `,
  );
  const logged = ctes.$with('logged', loggedColumns).as(
    sql`insert into ${activityLog} (${stored}) select ${stored} from ${values}
    returning id, tenant_id, action, (select e.data from ${values} e where e.id = ${activityLog}.id) as data`,
  );
  return [values, logged];
}

/** The statement of a logged entry and the parts that read it: `WITH logged AS (…), … SELECT id FROM logged`. */
export function withLogged(db: Db, logged: Logged, then: WithSubquery[]) {
  return db
    .with(logged, ...then)
    .select({ id: logged.id })
    .from(logged);
}

/** Every entry a user made, oldest first. */
export async function findByActor(db: Db, actorId: string) {
  return db
    .select({
      tenantId: activityLog.tenantId,
      action: activityLog.action,
      details: activityLog.details,
      createdAt: isoTime(activityLog.createdAt),
    })
    .from(activityLog)
    .where(eq(activityLog.actorId, actorId))
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
}

/**
 * A team's entries newest first, from the start or after a cursor's key, all or of one action; served by
 * activity_log_tenant_idx (one action's entries are filtered from it: docs/decisions/016 keeps the log to one index,
 * for the item create that writes an entry each time). The actor's email is read now, so it is null once
 * their account is gone; a change an API key made names the key (`API key {name}`).
 */
function activityPage(db: Db, afterKey: boolean, byAction: boolean) {
  return db
    .select({
      uuid: activityLog.id,
      // A change the team's directory made names it (details.actor, `SCIM`).
      actorEmail: sql<
        string | null
      >`coalesce(${users.email}, 'API key ' || ${apiKeys.name}, ${activityLog.details} ->> 'actor')`,
      action: activityLog.action,
      details: activityLog.details,
      createdAt: isoTime(activityLog.createdAt),
      /** The exact sort key for the cursor (see lib/pagination.ts). */
      sortAt: pgTime(activityLog.createdAt),
    })
    .from(activityLog)
    .leftJoin(users, eq(users.uuid, activityLog.actorId))
    .leftJoin(apiKeys, eq(apiKeys.id, activityLog.actorKeyId))
    .where(
      and(
        eq(activityLog.tenantId, sql.placeholder('tenantId')),
        byAction ? eq(activityLog.action, sql.placeholder('action')) : undefined,
        afterKey ? pastKey('<', activityLog.createdAt, activityLog.id) : undefined,
      ),
    )
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(sql.placeholder('limit'))
    .prepare(`activity_page${byAction ? '_of_action' : ''}${afterKey ? '_after' : ''}`);
}
const allPages = keysetPages((db, afterKey) => activityPage(db, afterKey, false));
const actionPages = keysetPages((db, afterKey) => activityPage(db, afterKey, true));

export type ActivityRecord = Awaited<ReturnType<typeof findActivity>>[number];

export function findActivity(
  db: Db,
  tenantId: string,
  action: string | undefined,
  limit: number,
  after?: readonly [string, string],
) {
  return action === undefined
    ? allPages(db, { tenantId, limit }, after)
    : actionPages(db, { tenantId, action, limit }, after);
}

/** Every team's entries written before `before` (ACTIVITY_RETENTION_DAYS). */
export function deleteActivityBefore(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    db,
    activityLog,
    activityLog.id,
    sql`${activityLog.createdAt} < ${before.toISOString()}`,
    signal,
  );
}
