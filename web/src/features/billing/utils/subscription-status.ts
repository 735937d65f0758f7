/** How a subscription reads on screen (docs/spec.md section 4): its status label and the date line under it. */
import {
  LIVE_SUBSCRIPTION_STATUSES,
  PAID_STATUSES,
  type Subscription,
  type SubscriptionStatus,
} from '@app/contract';

import type { Formats } from '@/lib/i18n/format';
import type { TFunction } from '@/lib/i18n/translation';

/** The catalogue key of each status's label (the contract's SUBSCRIPTION_STATUS_LABELS in English). */
const STATUS_KEYS = {
  active: 'status.active',
  trialing: 'status.trialing',
  past_due: 'status.pastDue',
  unpaid: 'status.unpaid',
  canceled: 'status.canceled',
  inactive: 'status.inactive',
  incomplete: 'status.incomplete',
} as const satisfies Record<SubscriptionStatus, string>;

/** The label of a team's subscription; `null` is a team that never had one ('No Subscription'). */
export const statusLabel = (subscription: Subscription | null, t: TFunction<'billing'>) =>
  t(subscription ? STATUS_KEYS[subscription.status] : 'status.none');

/** Active and trialing count as paid (docs/spec.md section 4): no 'Upgrade Plan' then. */
export const isPaid = (subscription: Subscription | null | undefined) =>
  !!subscription && PAID_STATUSES.includes(subscription.status);

/**
 * A subscription the team still holds, paid or with a payment outstanding. Changing its plan goes through
 * the billing portal; a second checkout would start a second subscription.
 */
export const isLive = (subscription: Subscription | null | undefined): subscription is Subscription =>
  !!subscription && (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status);

/** The plan id the user menu shows (docs/spec.md section 2), or null for 'Free Plan'. */
export const currentPlanId = (subscription: Subscription | null | undefined) =>
  isLive(subscription) ? subscription.plan_id : null;

/** When the trial ends while the team is trialing (TRIAL_DAYS, docs/contract.md section 4), else null. */
export const trialEndsAt = (subscription: Subscription | null | undefined) =>
  subscription?.status === 'trialing' && subscription.trial_ends_at ? subscription.trial_ends_at : null;

/** 'Trial ends on {date}' while the team is trialing, else null. */
export function trialEndText(
  subscription: Subscription | null | undefined,
  t: TFunction<'billing'>,
  format: Formats,
): string | null {
  const endsAt = trialEndsAt(subscription);
  return endsAt ? t('status.trialEndsOn', { date: format.longDate(endsAt) }) : null;
}

/**
 * 'Cancels on {date}' when it is set to end, otherwise 'Renews on {date}' (docs/spec.md section 4); an ended
 * subscription says when it ended, and one that never started says nothing. A trial that goes on says nothing
 * more than trialEndText: its first payment is not a renewal.
 */
export function periodEndText(
  subscription: Subscription,
  t: TFunction<'billing'>,
  format: Formats,
): string | null {
  const date = format.longDate(subscription.current_period_end);
  if (subscription.status === 'canceled') return t('status.endedOn', { date });
  if (!isLive(subscription)) return null;
  if (subscription.cancel_at_period_end) return t('status.cancelsOn', { date });
  return trialEndsAt(subscription) ? null : t('status.renewsOn', { date });
}
