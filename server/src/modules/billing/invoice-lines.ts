// The lines a local invoice is made of (docs/contract.md section 4, Per-seat billing): a period of the plan at the
// subscription's quantity, and a prorated line for each change of seats made during a period.
import type { BillingInterval, InvoiceLine } from '@app/contract';

import type { InvoiceLineRow, NewInvoiceLine, PlanRow } from './billing.repository.ts';
import { priceOf } from './billing.responses.ts';

const day = (at: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
const seats = (count: number) => `${count} seat${count === 1 ? '' : 's'}`;
const planOf = (plan: PlanRow, interval: BillingInterval) => `${plan.name} plan (${interval})`;

/** A period of the plan: its price for the interval, times the seats on a per-seat plan. */
export function periodLine(
  plan: PlanRow,
  interval: BillingInterval,
  quantity: number,
  period: { start: Date; end: Date },
): NewInvoiceLine {
  const unitAmount = priceOf(plan, interval);
  return {
    description: `${planOf(plan, interval)}, ${day(period.start)} – ${day(period.end)}`,
    quantity,
    unitAmount,
    amount: quantity * unitAmount,
  };
}

/**
 * Seats added (or removed: negative) × unit price × the time left in the period ÷ the period's length, to the minor
 * unit, halves away from zero: exact on integers (BigInt), whatever the period's length.
 */
export function proratedAmount(
  change: number,
  unitAmount: number,
  period: { start: Date; end: Date },
  at: Date,
) {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0 || change === 0) return 0;
  const left = Math.min(length, Math.max(0, period.end.getTime() - at.getTime()));
  const numerator = BigInt(Math.abs(change)) * BigInt(unitAmount) * BigInt(left);
  const rounded = (2n * numerator + BigInt(length)) / (2n * BigInt(length));
  return Math.sign(change) * Number(rounded);
}

/** The prorated line of a change of seats at `at`, for what is left of the period. */
export function seatChangeLine(
  plan: PlanRow,
  interval: BillingInterval,
  change: number,
  period: { start: Date; end: Date },
  at: Date,
): NewInvoiceLine {
  const unitAmount = priceOf(plan, interval);
  return {
    description: `${planOf(plan, interval)}: ${seats(Math.abs(change))} ${change > 0 ? 'added' : 'removed'}, ${day(at)} – ${day(period.end)}`,
    quantity: change,
    unitAmount,
    amount: proratedAmount(change, unitAmount, period, at),
  };
}

export const toInvoiceLine = (row: NewInvoiceLine | InvoiceLineRow): InvoiceLine => ({
  description: row.description,
  quantity: row.quantity,
  unit_amount: row.unitAmount,
  amount: row.amount,
});

export const sumOf = (lines: readonly NewInvoiceLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);
