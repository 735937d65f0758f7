import { and, asc, desc, eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey, preparedPerHandle } from '../../db/prepared.ts';
import { activityLog } from '../../db/schema/activity-log.ts';
import { users } from '../../db/schema/users.ts';

/** Written beside every change a team makes (the item creates among them): built and planned once per connection. */
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
 * their account is gone.
 */
function activityPage(db: Db, afterKey: boolean, byAction: boolean) {
  return db
    .select({
      uuid: activityLog.id,
      actorEmail: users.email,
      action: activityLog.action,
      details: activityLog.details,
      createdAt: isoTime(activityLog.createdAt),
      /** The exact sort key for the cursor (see lib/pagination.ts). */
      sortAt: pgTime(activityLog.createdAt),
    })
    .from(activityLog)
    .leftJoin(users, eq(users.uuid, activityLog.actorId))
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
