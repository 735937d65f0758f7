/** How the admin pages show dates and subscription states. */
import { NO_SUBSCRIPTION_LABEL, SUBSCRIPTION_STATUS_LABELS, SubscriptionStatusSchema } from '@app/contract';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** The labels of docs/spec.md section 4, as the billing page shows them; a team without a subscription shows 'No Subscription'. */
export function subscriptionStatusLabel(status: string | null) {
  if (status === null) return NO_SUBSCRIPTION_LABEL;
  const known = SubscriptionStatusSchema.safeParse(status);
  return known.success ? SUBSCRIPTION_STATUS_LABELS[known.data] : status;
}

/** Active and trialing count as paid (docs/spec.md section 4). */
export const isPaidStatus = (status: string | null) => status === 'active' || status === 'trialing';

/** A plan id (`starter`, `pro`, …) as a name. */
export const planLabel = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);
