import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey, preparedPerHandle } from '../../db/prepared.ts';
import { activityLog } from '../../db/schema/activity-log.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { users } from '../../db/schema/users.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';

/**
 * Written beside every change a team makes, in the change's transaction: built and planned once per connection. An
 * item's writes log themselves in their own statement instead (insertActivityFrom).
 */
const insertStatement = preparedPerHandle((db) =>
  db
    .insert(activityLog)
    .values({
      tenantId: sql.placeholder('tenantId'),
      actorId: sql.placeholder('actorId'),
      action: sql.placeholder('action'),
      details: sql.placeholder('details'),
    })
    .prepare('insert_activity'),
);

export async function insertActivity(
  db: Db,
  {
    details = {},
    ...entry
  }: { tenantId: string; actorId: string | null; action: string; details?: Record<string, unknown> },
) {
  // The column encodes the placeholder's value as it would a literal one (JSON for jsonb).
  await insertStatement(db).execute({ ...entry, details });
}

/**
 * One entry per row of `source`, as the part of another module's statement that writes them: a data-modifying CTE
 * (`logged AS (<this>)`) beside the change, so the change and its entries are one statement. `tenantId`, `actorId`
 * and the details' values are expressions of that statement (a column of `source`, a typed placeholder); the details
 * are a JSON object of them, as insertActivity writes one.
 */
export function insertActivityFrom(
  source: SQLWrapper,
  entry: {
    tenantId: SQLWrapper;
    actorId: SQLWrapper;
    actorKeyId: SQLWrapper;
    action: string;
    details: Record<string, SQLWrapper>;
  },
): SQL {
  const column = (name: keyof typeof activityLog.$inferInsert) => sql.identifier(activityLog[name].name);
  const details = sql.join(
    Object.entries(entry.details).map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  );
  return sql`insert into ${activityLog} (${column('tenantId')}, ${column('actorId')}, ${column('actorKeyId')}, ${column('action')}, ${column('details')})
    select ${entry.tenantId}, ${entry.actorId}, ${entry.actorKeyId}, ${entry.action}::text, jsonb_build_object(${details}) from ${source}`;
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
      actorEmail: sql<string | null>`coalesce(${users.email}, 'API key ' || ${apiKeys.name})`,
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
