// Calendar arithmetic for the local provider's billing periods, in UTC. Periods are counted from an anchor, so a
// subscription started on the 31st renews on the last day of shorter months and on the 31st again afterwards.
import type { BillingInterval } from '@app/contract';

const MONTHS: Record<BillingInterval, number> = { monthly: 1, annual: 12 };

/** The anchor moved forward by `count` intervals, clamped to the end of shorter months. */
export function addIntervals(anchor: Date, interval: BillingInterval, count: number): Date {
  const months = anchor.getUTCMonth() + MONTHS[interval] * count;
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The first period boundary counted from the anchor that lies strictly after `after`. */
export function nextPeriodEnd(anchor: Date, interval: BillingInterval, after: Date): Date {
  const monthsApart =
    (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + after.getUTCMonth() - anchor.getUTCMonth();
  // Start a little before the estimate: clamping can put a boundary a few days earlier than the month suggests.
  let count = Math.max(1, Math.floor(monthsApart / MONTHS[interval]) - 1);
  let end = addIntervals(anchor, interval, count);
  while (end <= after) end = addIntervals(anchor, interval, ++count);
  return end;
}

/** The part of a period not yet used at `at`, between 0 and 1. */
export function unusedFraction(period: { start: Date; end: Date }, at: Date): number {
  const total = period.end.getTime() - period.start.getTime();
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (period.end.getTime() - at.getTime()) / total));
}
