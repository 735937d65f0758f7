// The daily clean-up (docs/contract.md section 5): what has expired or outlived its keeping, each module deleting its
// own. Nothing a user saved is touched, unless ACTIVITY_RETENTION_DAYS says to trim the activity log.
import type { Db } from '../../db/client.ts';
import { trimActivity } from '../activity/activity.service.ts';
import { deleteExpiredCredentials } from '../auth/sessions.service.ts';
import { deleteOldSentMail } from '../mail/mail.service.ts';
import { deleteExpiredRateLimits } from './maintenance.repository.ts';

export type CleanupCounts = Awaited<ReturnType<typeof cleanUp>>;

export async function cleanUp(
  db: Db,
  now: Date,
  { activityRetentionDays }: { activityRetentionDays: number },
) {
  return {
    ...(await deleteExpiredCredentials(db, now)),
    sentMail: await deleteOldSentMail(db, now),
    rateLimits: await deleteExpiredRateLimits(db, now),
    activity: await trimActivity(db, now, activityRetentionDays),
  };
}
