// Billing rows in the shapes of contract/src/billing.ts, and the price arithmetic both providers share.
import type { BillingInterval, Invoice, Plan, Subscription } from '@app/contract';

import type { InvoiceRow, PlanRow, SubscriptionRow } from './billing.repository.ts';

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  description: row.description,
  currency: row.currency,
  price_monthly: row.priceMonthly,
  price_annual: row.priceAnnual,
  features: row.features,
  limits: { members: row.memberLimit, items: row.itemLimit },
  per_seat: row.perSeat,
});

export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.uuid,
  plan_id: row.planId,
  status: row.status,
  billing_interval: row.interval,
  current_period_start: row.currentPeriodStart.toISOString(),
  current_period_end: row.currentPeriodEnd.toISOString(),
  cancel_at_period_end: row.cancelAtPeriodEnd,
  trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
  quantity: row.quantity,
  unit_amount: row.unitAmount,
  amount: row.quantity * row.unitAmount,
});

export const toInvoice = (
  row: Pick<InvoiceRow, 'uuid' | 'number' | 'dueDate' | 'createdAt' | 'amount' | 'currency' | 'status'>,
  lines: Invoice['lines'],
): Invoice => ({
  id: row.uuid,
  number: row.number,
  due_date: row.dueDate?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  lines,
});

export const priceOf = (plan: PlanRow, interval: BillingInterval) =>
  interval === 'annual' ? plan.priceAnnual : plan.priceMonthly;

/** What a price costs after the team's credit, and the credit left over for the next invoices. */
export function applyCredit(price: number, credit: number) {
  const used = Math.min(price, Math.max(0, credit));
  return { amount: price - used, creditLeft: Math.max(0, credit) - used };
}
