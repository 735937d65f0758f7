import type { Db } from '../../db/client.ts';
import { activityLog } from '../../db/schema/activity-log.ts';

export async function insertActivity(
  db: Db,
  entry: { tenantId: string; actorId: string | null; action: string; details?: Record<string, unknown> },
) {
  await db.insert(activityLog).values(entry);
}
