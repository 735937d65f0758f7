// How many of a plan's price a subscription bills, read by the providers as they start or change one and by the seat
// rule (seats.service.ts) as the team changes.
import type { Db } from '../../../db/client.ts';
import * as repo from '../billing.repository.ts';

/** What a subscription of `plan` bills for the team now: its seats on a per-seat plan (at least one), else 1. */
export async function quantityFor(tx: Db, tenantId: string, plan: Pick<repo.PlanRow, 'perSeat'>) {
  return plan.perSeat ? Math.max(1, await repo.findSeatCount(tx, tenantId)) : 1;
}

/**
 * Whether a change of seats is prorated: while the period under way is billed and renews; not while trialing, not once
 * the subscription is set to end, and not before its first payment went through (incomplete).
 */
export const isProrated = (subscription: repo.SubscriptionRow) =>
  ['active', 'past_due', 'unpaid'].includes(subscription.status) && !subscription.cancelAtPeriodEnd;
