import { asc, eq } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/iso-time.ts';
import { activityLog } from '../../db/schema/activity-log.ts';

export async function insertActivity(
  db: Db,
  entry: { tenantId: string; actorId: string | null; action: string; details?: Record<string, unknown> },
) {
  await db.insert(activityLog).values(entry);
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
