/** How the admin pages show dates and subscription states. */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  inactive: 'Inactive',
};

/** SPEC section 4: a team without a subscription shows 'No Subscription'. */
export const subscriptionStatusLabel = (status: string | null) =>
  status ? (STATUS_LABELS[status] ?? status) : 'No Subscription';

/** Active and trialing count as paid (SPEC section 4). */
export const isPaidStatus = (status: string | null) => status === 'active' || status === 'trialing';

/** A plan id (`starter`, `pro`, …) as a name. */
export const planLabel = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);
