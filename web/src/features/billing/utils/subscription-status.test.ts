import {
  NO_SUBSCRIPTION_LABEL,
  SUBSCRIPTION_STATUS_LABELS,
  type Subscription,
  type SubscriptionStatus,
} from '@app/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useFormat } from '@/lib/i18n/format';
import { fixedT } from '@/lib/i18n/translation';
import { subscription } from '@/testing/mocks/billing';

import {
  currentPlanId,
  isLive,
  isPaid,
  periodEndText as periodEndTextIn,
  statusLabel as statusLabelIn,
  trialEndText as trialEndTextIn,
} from './subscription-status';

// The English texts and formats, as a page in English shows them.
const t = fixedT('billing');
const format = renderHook(() => useFormat()).result.current;
const statusLabel = (subscription: Subscription | null) => statusLabelIn(subscription, t);
const periodEndText = (subscription: Subscription) => periodEndTextIn(subscription, t, format);
const trialEndText = (subscription: Subscription | null) => trialEndTextIn(subscription, t, format);

describe('statusLabel', () => {
  it.each<[SubscriptionStatus, string]>([
    ['active', 'Active'],
    ['trialing', 'Trialing'],
    ['past_due', 'Past Due'],
    ['unpaid', 'Unpaid'],
    ['canceled', 'Canceled'],
    ['inactive', 'Inactive'],
    ['incomplete', 'Incomplete'],
  ])('labels %s as %s', (status, label) => {
    expect(statusLabel(subscription({ status }))).toBe(label);
  });

  it("labels a team without one 'No Subscription'", () => {
    expect(statusLabel(null)).toBe('No Subscription');
  });

  it("reads as the contract's labels in English", () => {
    for (const [status, label] of Object.entries(SUBSCRIPTION_STATUS_LABELS)) {
      expect(statusLabel(subscription({ status: status as SubscriptionStatus }))).toBe(label);
    }
    expect(statusLabel(null)).toBe(NO_SUBSCRIPTION_LABEL);
  });
});

describe('periodEndText', () => {
  it("says 'Renews on {date}', or 'Cancels on {date}' when set to cancel at period end", () => {
    expect(periodEndText(subscription())).toBe('Renews on March 14, 2027');
    expect(periodEndText(subscription({ cancel_at_period_end: true }))).toBe('Cancels on March 14, 2027');
    expect(periodEndText(subscription({ status: 'trialing' }))).toBe('Renews on March 14, 2027');
  });

  it('says when an ended subscription ended, and nothing for one that never started', () => {
    expect(periodEndText(subscription({ status: 'canceled', cancel_at_period_end: true }))).toBe(
      'Ended on March 14, 2027',
    );
    expect(periodEndText(subscription({ status: 'incomplete' }))).toBeNull();
    expect(periodEndText(subscription({ status: 'inactive' }))).toBeNull();
  });
});

describe('trialEndText', () => {
  const trial = { status: 'trialing', trial_ends_at: '2026-06-15T12:00:00.000Z' } as const;

  it("says 'Trial ends on {date}' while trialing, and the period end says no more unless it cancels", () => {
    expect(trialEndText(subscription(trial))).toBe('Trial ends on June 15, 2026');
    expect(periodEndText(subscription(trial))).toBeNull();
    expect(periodEndText(subscription({ ...trial, cancel_at_period_end: true }))).toBe(
      'Cancels on March 14, 2027',
    );
  });

  it('says nothing once the trial is over or without one', () => {
    expect(trialEndText(subscription({ ...trial, status: 'active' }))).toBeNull();
    expect(trialEndText(subscription({ status: 'trialing' }))).toBeNull();
    expect(trialEndText(null)).toBeNull();
  });
});

describe('isPaid, isLive and currentPlanId', () => {
  it('count active and trialing as paid; a subscription with a payment outstanding is still held', () => {
    const statuses: SubscriptionStatus[] = [
      'active',
      'trialing',
      'past_due',
      'unpaid',
      'canceled',
      'inactive',
    ];
    expect(statuses.filter((status) => isPaid(subscription({ status })))).toEqual(['active', 'trialing']);
    expect(statuses.filter((status) => isLive(subscription({ status })))).toEqual([
      'active',
      'trialing',
      'past_due',
      'unpaid',
    ]);
    expect(isPaid(null)).toBe(false);
    expect(isPaid(undefined)).toBe(false);
  });

  it('gives the plan id of a held subscription, else null for the Free Plan', () => {
    expect(currentPlanId(subscription({ plan_id: 'business' }))).toBe('business');
    expect(currentPlanId(subscription({ status: 'past_due' }))).toBe('pro');
    expect(currentPlanId(subscription({ status: 'canceled' }))).toBeNull();
    expect(currentPlanId(null)).toBeNull();
  });
});
