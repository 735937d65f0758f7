// How many of a plan's price a subscription bills, read by the providers as they start or change one and by the seat
// rule (seats.service.ts) as the team changes.
import type { Db } from '../../../db/client.ts';
import * as repo from '../billing.repository.ts';

/** What a subscription of `plan` bills for the team now: its seats on a per-seat plan (at least one), else 1. */
export async function quantityFor(tx: Db, tenantId: string, plan: Pick<repo.PlanRow, 'perSeat'>) {
  return plan.perSeat ? Math.max(1, await repo.findSeatCount(tx, tenantId)) : 1;
}

/**
 * Whether a change of seats is prorated: while the period under way is paid for, a subscription set to end at it
 * included (its seats added since are billed on a last invoice, so a seat is never credited that was not billed); not
 * while trialing (the first invoice bills the seats the team has then), nor before a first payment (incomplete).
 */
export const isProrated = (subscription: repo.SubscriptionRow) =>
  ['active', 'past_due', 'unpaid'].includes(subscription.status);
