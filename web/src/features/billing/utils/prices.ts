/** Plan prices as docs/spec.md sections 4 and 9 show them: minor units in the plan's own currency. */
import type { BillingInterval, Plan } from '@app/contract';

import type { Formats } from '@/lib/i18n/format';
import type { TFunction } from '@/lib/i18n/translation';

/** `amount` in minor units without zero cents, e.g. 1900 USD → '$19', 950 USD → '$9.50'. */
export const formatPrice = (format: Formats, amount: number, currency: string) =>
  format.money(amount, currency, { whole: true });

/**
 * An exact amount with its cents, as an invoice and a seat's price show it: 9900 USD → '$99.00', −3300 → '-$33.00'
 * (docs/contract.md section 4, Per-seat billing).
 */
export const formatAmount = (format: Formats, amount: number, currency: string) =>
  format.money(amount, currency);

type DisplayedPrice = {
  /** What one month costs on this interval, formatted: the annual price ÷ 12, rounded (docs/spec.md section 9). */
  perMonth: string;
  /** What follows it: '/month', or 'per member / month' on a per-seat plan. */
  perSuffix: string;
  /** 'billed $114 annually' on the annual interval, 'billed monthly' on the monthly one. */
  billedNote: string;
};

/** What a plan card shows for `interval`. */
export function planPrice(
  plan: Plan,
  interval: BillingInterval,
  t: TFunction<'billing'>,
  format: Formats,
): DisplayedPrice {
  // A per-seat plan's prices are per member (docs/contract.md section 4, Per-seat billing).
  const perSuffix = t(plan.per_seat ? 'price.perMemberMonthSuffix' : 'price.monthSuffix');
  if (interval === 'monthly') {
    return {
      perMonth: formatPrice(format, plan.price_monthly, plan.currency),
      perSuffix,
      billedNote: t('price.billedMonthly'),
    };
  }
  return {
    perMonth: formatPrice(format, Math.round(plan.price_annual / 12), plan.currency),
    perSuffix,
    billedNote: t(plan.per_seat ? 'price.billedAnnuallyPerMember' : 'price.billedAnnually', {
      amount: formatPrice(format, plan.price_annual, plan.currency),
    }),
  };
}

/** What one period of `interval` costs in minor units. */
export const periodAmount = (plan: Plan, interval: BillingInterval) =>
  interval === 'annual' ? plan.price_annual : plan.price_monthly;

/** What one period of `interval` costs, formatted: '$19' a month or '$114' a year. */
export const formatPeriodAmount = (plan: Plan, interval: BillingInterval, format: Formats) =>
  formatPrice(format, periodAmount(plan, interval), plan.currency);

/** '$19 per month' or '$114 per year'. */
export const formatPeriodPrice = (
  plan: Plan,
  interval: BillingInterval,
  t: TFunction<'billing'>,
  format: Formats,
) =>
  t(interval === 'annual' ? 'price.perYear' : 'price.perMonth', {
    amount: formatPeriodAmount(plan, interval, format),
  });

/**
 * '$294 per year, billed annually' or '$49 per month, billed monthly'; on a per-seat plan '$99 per member per month,
 * billed monthly'.
 */
export function formatBilledPrice(
  plan: Plan,
  interval: BillingInterval,
  t: TFunction<'billing'>,
  format: Formats,
) {
  const amount = formatPeriodAmount(plan, interval, format);
  if (plan.per_seat) {
    return t(
      interval === 'annual' ? 'price.perMemberPerYearBilledAnnually' : 'price.perMemberPerMonthBilledMonthly',
      { amount },
    );
  }
  return t(interval === 'annual' ? 'price.perYearBilledAnnually' : 'price.perMonthBilledMonthly', { amount });
}
