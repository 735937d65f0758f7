/** How a subscription reads on screen (docs/spec.md section 4): its status label and the date line under it. */
import {
  LIVE_SUBSCRIPTION_STATUSES,
  NO_SUBSCRIPTION_LABEL,
  PAID_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  type Subscription,
} from '@app/contract';

/** The label of a team's subscription; `null` is a team that never had one. */
export const statusLabel = (subscription: Subscription | null) =>
  subscription ? SUBSCRIPTION_STATUS_LABELS[subscription.status] : NO_SUBSCRIPTION_LABEL;

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

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** 'Trial ends on {date}' while the team is trialing (TRIAL_DAYS, docs/contract.md section 4), else null. */
export const trialEndText = (subscription: Subscription | null | undefined) =>
  subscription?.status === 'trialing' && subscription.trial_ends_at
    ? `Trial ends on ${formatDate(subscription.trial_ends_at)}`
    : null;

/**
 * 'Cancels on {date}' when it is set to end, otherwise 'Renews on {date}' (docs/spec.md section 4); an ended
 * subscription says when it ended, and one that never started says nothing. A trial that goes on says nothing
 * more than trialEndText: its first payment is not a renewal.
 */
export function periodEndText(subscription: Subscription): string | null {
  const date = formatDate(subscription.current_period_end);
  if (subscription.status === 'canceled') return `Ended on ${date}`;
  if (!isLive(subscription)) return null;
  if (subscription.cancel_at_period_end) return `Cancels on ${date}`;
  return trialEndText(subscription) ? null : `Renews on ${date}`;
}
