import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useFormat } from '@/lib/i18n/format';
import { fixedT } from '@/lib/i18n/translation';
import { plans, seatSubscription, subscription } from '@/testing/mocks/billing';

import { addedSeatsText, seatPrice, seatsTotalText } from './seats';

// The English texts and formats, as a page in English shows them.
const t = fixedT('billing');
const format = renderHook(() => useFormat()).result.current;

describe('seatPrice', () => {
  it("is one seat's price while a per-seat subscription is live", () => {
    for (const status of ['active', 'trialing', 'past_due', 'unpaid'] as const) {
      expect(seatPrice(seatSubscription(3, { status }), plans)).toEqual({
        unitAmount: 9900,
        currency: 'usd',
        interval: 'monthly',
      });
    }
  });

  it('is null on a flat plan, an ended, ending or unstarted subscription, none, or before the plans load', () => {
    expect(seatPrice(subscription({ plan_id: 'pro' }), plans)).toBeNull();
    expect(seatPrice(seatSubscription(3, { status: 'canceled' }), plans)).toBeNull();
    expect(seatPrice(seatSubscription(3, { status: 'incomplete' }), plans)).toBeNull();
    expect(seatPrice(seatSubscription(3, { cancel_at_period_end: true }), plans)).toBeNull();
    expect(seatPrice(null, plans)).toBeNull();
    expect(seatPrice(seatSubscription(3), undefined)).toBeNull();
  });
});

describe('seat texts', () => {
  it('says seats × price = total, a month or a year', () => {
    expect(seatsTotalText(seatSubscription(3), 'usd', t, format)).toBe('3 seats × $99.00 = $297.00 a month');
    expect(
      seatsTotalText(
        seatSubscription(1, { billing_interval: 'annual', unit_amount: 59400 }),
        'usd',
        t,
        format,
      ),
    ).toBe('1 seat × $594.00 = $594.00 a year');
  });

  it('says what inviting adds', () => {
    const monthly = { unitAmount: 9900, currency: 'usd', interval: 'monthly' } as const;
    expect(addedSeatsText(1, monthly, t, format)).toBe('Adds 1 seat: $99.00 a month');
    expect(addedSeatsText(3, monthly, t, format)).toBe('Adds 3 seats: $297.00 a month');
    expect(addedSeatsText(1, { ...monthly, interval: 'annual', unitAmount: 59400 }, t, format)).toBe(
      'Adds 1 seat: $594.00 a year',
    );
  });
});
