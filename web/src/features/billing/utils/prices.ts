/** Plan prices as docs/spec.md sections 4 and 9 show them: minor units ÷ 100, in the plan's own currency. */
import type { BillingInterval, Plan } from '@app/contract';

const formats = new Map<string, Intl.NumberFormat>();

/** `amount` in minor units, e.g. 1900 USD → '$19', 950 USD → '$9.50'. */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      // Whole amounts read as '$19', not '$19.00'; cents stay when there are any.
      trailingZeroDisplay: 'stripIfInteger',
    });
    formats.set(code, format);
  }
  return format.format(amount / 100);
}

type DisplayedPrice = {
  /** What one month costs on this interval, formatted: the annual price ÷ 12, rounded (docs/spec.md section 9). */
  perMonth: string;
  /** 'billed $114 annually' on the annual interval; null on the monthly one. */
  billedNote: string | null;
};

/** What a plan card shows for `interval`. */
export function planPrice(plan: Plan, interval: BillingInterval): DisplayedPrice {
  if (interval === 'monthly') {
    return { perMonth: formatMoney(plan.price_monthly, plan.currency), billedNote: null };
  }
  return {
    perMonth: formatMoney(Math.round(plan.price_annual / 12), plan.currency),
    billedNote: `billed ${formatMoney(plan.price_annual, plan.currency)} annually`,
  };
}

/** What one period of `interval` costs in minor units. */
export const periodAmount = (plan: Plan, interval: BillingInterval) =>
  interval === 'annual' ? plan.price_annual : plan.price_monthly;

/** '$19 per month' or '$114 per year'. */
export const formatPeriodPrice = (plan: Plan, interval: BillingInterval) =>
  `${formatMoney(periodAmount(plan, interval), plan.currency)} per ${interval === 'annual' ? 'year' : 'month'}`;
