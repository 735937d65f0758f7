import type { Db } from '../../db/client.ts';
import { recordActivity } from '../activity/activity.service.ts';
import type { SubscriptionRow } from './billing.repository.ts';

/**
 * Records the team's subscription as a change left it, in that change's transaction. `actorId` is null for what the
 * payment provider did on its own (a webhook).
 */
export async function recordSubscriptionChange(
  tx: Db,
  tenantId: string,
  actorId: string | null,
  row: Pick<SubscriptionRow, 'planId' | 'status' | 'cancelAtPeriodEnd'>,
): Promise<void> {
  await recordActivity(tx, {
    tenantId,
    actorId,
    action: 'subscription.changed',
    details: { plan: row.planId, status: row.status, cancel_at_period_end: row.cancelAtPeriodEnd },
  });
}
