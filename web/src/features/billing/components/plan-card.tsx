import type { BillingInterval, Plan } from '@app/contract';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { planPrice } from '@/features/billing/utils/prices';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/format';
import { planText } from '@/lib/i18n/messages';
import { useTranslation } from '@/lib/i18n/translation';

type PlanCardProps = {
  plan: Plan;
  interval: BillingInterval;
  /** The team is on this plan: marked, with what it is billed on when that is not `interval`. */
  current: { interval: BillingInterval } | null;
  /** The card's button; none for members, who cannot change the plan. */
  action?: ReactNode;
};

/** One plan of the picker (docs/spec.md sections 4 and 9): the per-month price, how it is billed, what it includes. */
export function PlanCard({ plan, interval, current, action }: PlanCardProps) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const { perMonth, perSuffix, billedNote } = planPrice(plan, interval, t, format);
  const headingId = `plan-${plan.id}`;

  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className={cn('gap-5', current && 'border-primary ring-1 ring-primary')}
    >
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle asChild>
            <h3 id={headingId}>{plan.name}</h3>
          </CardTitle>
          {current && <Badge>{t('planCard.currentPlan')}</Badge>}
        </div>
        <CardDescription>{planText(plan.description)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="flex flex-wrap items-baseline gap-x-1">
          <span className="text-3xl font-semibold tracking-tight">{perMonth}</span>
          {/* Words, not a unit: a space keeps them apart when read ('$99 per member / month', but '$19/month'). */}
          {plan.per_seat && ' '}
          <span className="text-sm text-muted-foreground">{perSuffix}</span>
        </p>
        <p className="text-sm text-muted-foreground">{billedNote}</p>
        {current && current.interval !== interval && (
          <p className="text-sm text-muted-foreground">
            {t(
              current.interval === 'annual'
                ? 'planCard.billedAnnuallyForPlan'
                : 'planCard.billedMonthlyForPlan',
            )}
          </p>
        )}
      </CardContent>
      <CardContent className="flex-1">
        <ul className="grid gap-2 text-sm" aria-label={t('price.features', { plan: plan.name })}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{planText(feature)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      {action && <CardFooter>{action}</CardFooter>}
    </Card>
  );
}
