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

const countFormat = new Intl.NumberFormat('en-US');

/** A count with its thousands separated. */
export const formatCount = (count: number) => countFormat.format(count);

/**
 * An amount in minor units (cents) of `currency` as money, e.g. 4900 'usd' → '$49.00'; the currency's own number of
 * decimals (none for JPY). A code Intl does not know is shown as it is, beside the amount.
 */
export function formatMinorUnits(amount: number, currency: string) {
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
    const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** decimals);
  } catch {
    return `${countFormat.format(amount)} ${currency.toUpperCase()}`;
  }
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar day ('YYYY-MM-DD', UTC) as 'Mar 4'. */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
