import type { Plan } from '@app/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useFormat } from '@/lib/i18n/format';
import { fixedT } from '@/lib/i18n/translation';

import { formatBilledPrice, formatPeriodPrice, formatPrice, planPrice } from './prices';

// The English texts and formats, as a page in English shows them.
const t = fixedT('billing');
const format = renderHook(() => useFormat()).result.current;
const formatMoney = (amount: number, currency: string) => formatPrice(format, amount, currency);

const plan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 'pro',
  name: 'Pro',
  description: 'For growing teams',
  currency: 'usd',
  price_monthly: 2900,
  price_annual: 17400,
  features: [],
  limits: { members: 25, items: null },
  per_seat: false,
  ...overrides,
});

describe('formatPrice', () => {
  it('divides minor units by 100 and formats in the currency given, whatever its case', () => {
    expect(formatMoney(2900, 'usd')).toBe('$29');
    expect(formatMoney(950, 'USD')).toBe('$9.50');
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
    expect(formatMoney(1900, 'eur')).toBe('€19');
    expect(formatMoney(0, 'gbp')).toBe('£0');
  });
});

describe('planPrice', () => {
  it('shows the monthly price as it is, billed monthly', () => {
    expect(planPrice(plan(), 'monthly', t, format)).toEqual({
      perMonth: '$29',
      perSuffix: '/month',
      billedNote: 'billed monthly',
    });
  });

  it('shows the annual price per month, annual ÷ 12 rounded, and what is billed a year', () => {
    expect(planPrice(plan(), 'annual', t, format)).toEqual({
      perMonth: '$14.50',
      perSuffix: '/month',
      billedNote: 'billed $174 annually',
    });
    // 11400 / 12 = 950; 9999 / 12 = 833.25 → 833; 10001 / 12 = 833.42 → 833; 10003 / 12 = 833.58 → 834
    expect(planPrice(plan({ price_annual: 11400 }), 'annual', t, format).perMonth).toBe('$9.50');
    expect(planPrice(plan({ price_annual: 9999 }), 'annual', t, format).perMonth).toBe('$8.33');
    expect(planPrice(plan({ price_annual: 10003 }), 'annual', t, format).perMonth).toBe('$8.34');
    expect(planPrice(plan({ price_annual: 9990, currency: 'eur' }), 'annual', t, format)).toEqual({
      perMonth: '€8.33',
      perSuffix: '/month',
      billedNote: 'billed €99.90 annually',
    });
  });

  it('reads per member on a per-seat plan', () => {
    const business = plan({ per_seat: true, price_monthly: 9900, price_annual: 59400 });
    expect(planPrice(business, 'monthly', t, format)).toEqual({
      perMonth: '$99',
      perSuffix: 'per member / month',
      billedNote: 'billed monthly',
    });
    expect(planPrice(business, 'annual', t, format)).toEqual({
      perMonth: '$49.50',
      perSuffix: 'per member / month',
      billedNote: 'billed $594 per member annually',
    });
    expect(formatBilledPrice(business, 'monthly', t, format)).toBe(
      '$99 per member per month, billed monthly',
    );
    expect(formatBilledPrice(business, 'annual', t, format)).toBe(
      '$594 per member per year, billed annually',
    );
  });
});

describe('formatPeriodPrice', () => {
  it('names the price of one period', () => {
    expect(formatPeriodPrice(plan(), 'monthly', t, format)).toBe('$29 per month');
    expect(formatPeriodPrice(plan(), 'annual', t, format)).toBe('$174 per year');
  });

  it('says how it is billed with it', () => {
    expect(formatBilledPrice(plan(), 'monthly', t, format)).toBe('$29 per month, billed monthly');
    expect(formatBilledPrice(plan(), 'annual', t, format)).toBe('$174 per year, billed annually');
  });
});
