// Per-seat billing's one rule (docs/contract.md section 4, Per-seat billing): a live subscription of a per-seat plan
// bills the team's seats, its members a directory has not deactivated. Every membership change tells billing here, in
// its own transaction (members/membership-writes.ts is the only place that writes who holds a seat), and so does a
// Stripe webhook that reports another quantity. The local provider's prorated line is written in that transaction;
// Stripe is told by the seat worker (seat-worker.ts) from the row queued beside the change, so a join never waits for
// Stripe nor fails with it, and a change made while Stripe is down is sent once it is back.
import type { Db } from '../../../db/client.ts';
import { isDue, settleLocalSubscription } from '../local/local-billing.service.ts';
import * as repo from '../billing.repository.ts';
import { seatChangeLine } from '../invoice-lines.ts';
import { isProrated, quantityFor } from './quantity.ts';
import { queueSeatSync } from './seat-syncs.repository.ts';

/**
 * The team's seats may have changed (a member joined, left, was removed, deactivated or let back): a per-seat
 * subscription takes the new quantity. Called in the transaction of the change, after it.
 */
export async function seatsChanged(tx: Db, tenantId: string, now: Date): Promise<void> {
  await repo.lockTeamBilling(tx, tenantId);
  let subscription = await repo.findSubscription(tx, tenantId);
  // A local period that has ended renews first: the change falls in the period that is under way.
  if (subscription && isDue(subscription, now))
    subscription = await settleLocalSubscription(tx, tenantId, now);
  if (!subscription || !repo.isBillable(subscription.status)) return;
  const plan = await repo.findPlan(tx, subscription.planId);
  if (!plan?.perSeat) return;
  const quantity = await quantityFor(tx, tenantId, plan);
  if (quantity === subscription.quantity) return;

  if (subscription.provider === 'local') {
    if (isProrated(subscription)) {
      const period = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
      const line = seatChangeLine(plan, subscription.interval, quantity - subscription.quantity, period, now);
      await repo.insertInvoiceLines(tx, tenantId, null, [line], now);
    }
    await repo.updateSubscription(tx, tenantId, { quantity });
  } else {
    await setStripeQuantity(tx, subscription, quantity, now);
  }
}

/**
 * Records the quantity Stripe must bill and queues telling it: a new version, so the worker's request has a key of its
 * own (a repeat of one change is answered as the first; a later change is never taken for it).
 */
export async function setStripeQuantity(
  tx: Db,
  subscription: repo.SubscriptionRow,
  quantity: number,
  now: Date,
) {
  await repo.updateSubscription(tx, subscription.tenantId, {
    quantity,
    seatVersion: subscription.seatVersion + 1,
  });
  await queueSeatSync(tx, subscription.tenantId, now);
}
