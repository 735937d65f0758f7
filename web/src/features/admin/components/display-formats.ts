/** How the admin pages show subscription states, plans and days, in the user's language. */
import { SubscriptionStatusSchema } from '@app/contract';

import type { Formats } from '@/lib/i18n/format';
import type { TFunction } from '@/lib/i18n/translation';

/** The labels of docs/spec.md section 4, as the billing page shows them; a team without a subscription shows 'No Subscription'. */
export function subscriptionStatusLabel(status: string | null, t: TFunction<'admin'>) {
  if (status === null) return t('subscription.none');
  const known = SubscriptionStatusSchema.safeParse(status);
  return known.success ? t(`subscription.status.${known.data}`) : status;
}

/** Active and trialing count as paid (docs/spec.md section 4). */
export const isPaidStatus = (status: string | null) => status === 'active' || status === 'trialing';

const PLAN_KEYS = { free: 'plans.free', starter: 'plans.starter', pro: 'plans.pro' } as const;

/** A plan id (`starter`, `pro`, …) as a name; one the catalogue does not know shows capitalised. */
export function planLabel(plan: string, t: TFunction<'admin'>) {
  return Object.hasOwn(PLAN_KEYS, plan)
    ? t(PLAN_KEYS[plan as keyof typeof PLAN_KEYS])
    : plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** A calendar day ('YYYY-MM-DD', UTC) as 'Mar 4'. */
export const formatDay = (format: Formats, date: string) => format.dayMonth(`${date}T00:00:00Z`);
