// The daily clean-up (docs/contract.md section 5): what has expired or outlived its keeping, each module deleting its
// own. Nothing a user saved is touched, unless ACTIVITY_RETENTION_DAYS says to trim the activity log.
import type { Db } from '../../db/client.ts';
import { trimActivity } from '../activity/activity.service.ts';
import { deleteExpiredCredentials } from '../auth/sessions.service.ts';
import { deleteOldSsoAttempts } from '../enterprise/sso.service.ts';
import { deleteOldSentMail } from '../mail/mail.service.ts';
import { deleteOldDeliveries } from '../webhooks/webhooks.service.ts';
import { deleteExpiredRateLimits } from './maintenance.repository.ts';

/** An aborted `signal` (the process is stopping) ends it between batches; tomorrow's run deletes the rest. */
export async function cleanUp(
  db: Db,
  now: Date,
  { activityRetentionDays }: { activityRetentionDays: number },
  signal?: AbortSignal,
) {
  return {
    ...(await deleteExpiredCredentials(db, now, signal)),
    sentMail: await deleteOldSentMail(db, now, signal),
    webhookDeliveries: await deleteOldDeliveries(db, now, signal),
    ssoAttempts: await deleteOldSsoAttempts(db, now),
    rateLimits: await deleteExpiredRateLimits(db, now, signal),
    activity: await trimActivity(db, now, activityRetentionDays, signal),
  };
}
