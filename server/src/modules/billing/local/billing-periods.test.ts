import { describe, expect, it } from 'vitest';

import { addIntervals, nextPeriodEnd, unusedFraction } from './billing-periods.ts';

const at = (iso: string) => new Date(iso);

describe('billing periods', () => {
  it('count months from the anchor, clamped to shorter months and back to the anchor day after', () => {
    const anchor = at('2026-01-31T09:30:00Z');
    expect([1, 2, 3, 4, 13].map((n) => addIntervals(anchor, 'monthly', n).toISOString())).toEqual([
      '2026-02-28T09:30:00.000Z',
      '2026-03-31T09:30:00.000Z',
      '2026-04-30T09:30:00.000Z',
      '2026-05-31T09:30:00.000Z',
      '2027-02-28T09:30:00.000Z',
    ]);
    expect(addIntervals(at('2028-02-29T00:00:00Z'), 'annual', 1).toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(addIntervals(at('2026-12-15T00:00:00Z'), 'monthly', 1).toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });

  it('the next boundary is strictly after the given instant', () => {
    const anchor = at('2026-01-31T09:30:00Z');
    expect(nextPeriodEnd(anchor, 'monthly', at('2026-02-28T09:30:00Z')).toISOString()).toBe(
      '2026-03-31T09:30:00.000Z',
    );
    expect(nextPeriodEnd(anchor, 'monthly', at('2026-01-31T09:30:00Z')).toISOString()).toBe(
      '2026-02-28T09:30:00.000Z',
    );
    expect(nextPeriodEnd(anchor, 'monthly', at('2030-07-01T00:00:00Z')).toISOString()).toBe(
      '2030-07-31T09:30:00.000Z',
    );
    expect(nextPeriodEnd(anchor, 'annual', at('2027-01-31T09:30:00Z')).toISOString()).toBe(
      '2028-01-31T09:30:00.000Z',
    );
  });

  it('the unused part of a period is between 0 and 1', () => {
    const period = { start: at('2026-06-01T00:00:00Z'), end: at('2026-07-01T00:00:00Z') };
    expect(unusedFraction(period, at('2026-06-16T00:00:00Z'))).toBe(0.5);
    expect(unusedFraction(period, at('2026-05-01T00:00:00Z'))).toBe(1);
    expect(unusedFraction(period, at('2026-08-01T00:00:00Z'))).toBe(0);
  });
});
