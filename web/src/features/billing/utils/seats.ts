/** How a per-seat subscription reads on screen (docs/contract.md section 4, Per-seat billing). */
import type { BillingInterval, Plan, Subscription } from '@app/contract';

import { formatAmount } from '@/features/billing/utils/prices';
import { isLive } from '@/features/billing/utils/subscription-status';
import type { Formats } from '@/lib/i18n/format';
import type { TFunction } from '@/lib/i18n/translation';

/** What one more member costs a team on a per-seat plan: the subscription's price of one seat for its interval. */
export type SeatPrice = { unitAmount: number; currency: string; interval: BillingInterval };

/** The plan of a subscription when it is billed per seat, else null (a flat plan, or plans not loaded yet). */
export function perSeatPlan(subscription: Subscription, plans: Plan[] | undefined): Plan | null {
  const plan = plans?.find(({ id }) => id === subscription.plan_id);
  return plan?.per_seat ? plan : null;
}

/**
 * The price of a seat while the subscription is live on a per-seat plan and renews; null otherwise (nothing to add:
 * a subscription set to end bills no more invoices).
 */
export function seatPrice(
  subscription: Subscription | null | undefined,
  plans: Plan[] | undefined,
): SeatPrice | null {
  if (!isLive(subscription) || subscription.cancel_at_period_end) return null;
  const plan = perSeatPlan(subscription, plans);
  if (!plan) return null;
  return {
    unitAmount: subscription.unit_amount,
    currency: plan.currency,
    interval: subscription.billing_interval,
  };
}

/** '3 seats × $99.00 = $297.00 a month' (or 'a year'): what a per-seat subscription costs a period. */
export function seatsTotalText(
  subscription: Subscription,
  currency: string,
  t: TFunction<'billing'>,
  format: Formats,
): string {
  return t(subscription.billing_interval === 'annual' ? 'seats.totalAnnual' : 'seats.totalMonthly', {
    count: subscription.quantity,
    unit: formatAmount(format, subscription.unit_amount, currency),
    total: formatAmount(format, subscription.amount, currency),
  });
}

/** 'Adds 1 seat: $99.00 a month' (or 'a year'): what inviting `seats` people adds to the subscription. */
export function addedSeatsText(
  seats: number,
  price: SeatPrice,
  t: TFunction<'billing'>,
  format: Formats,
): string {
  return t(price.interval === 'annual' ? 'seats.addsAnnual' : 'seats.addsMonthly', {
    count: seats,
    price: formatAmount(format, seats * price.unitAmount, price.currency),
  });
}
