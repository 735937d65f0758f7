import type { LocalCheckoutSession } from '@app/contract';
import { Check } from 'lucide-react';

import { formatAmount, formatPrice, periodAmount } from '@/features/billing/utils/prices';
import { useFormat } from '@/lib/i18n/format';
import { planText } from '@/lib/i18n/messages';
import { Trans, useTranslation } from '@/lib/i18n/translation';

/** What the checkout charges for: team, plan, interval and amount, as a receipt would list them. */
export function OrderSummary({ session }: { session: LocalCheckoutSession }) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const { plan, billing_interval: interval } = session;
  const isAnnual = interval === 'annual';
  const unitPrice = periodAmount(plan, interval);
  // A per-seat plan starts with a seat for each member of the team (docs/contract.md section 4, Per-seat billing).
  const seats = plan.per_seat ? session.quantity : null;
  const price = unitPrice * (seats ?? 1);
  const trialDays = session.trial_days;
  // Credit left from an earlier subscription comes off what is due now (the server's amount), not the price.
  const credit = trialDays > 0 ? 0 : price - session.amount;
  const renewal =
    trialDays > 0
      ? isAnnual
        ? 'summary.trialRenewsAnnual'
        : 'summary.trialRenewsMonthly'
      : isAnnual
        ? 'summary.renewsAnnual'
        : 'summary.renewsMonthly';

  return (
    <section aria-labelledby="order-summary-heading" className="grid content-start gap-6">
      <div className="grid gap-1">
        <h1 id="order-summary-heading" className="text-base font-medium text-muted-foreground">
          {t('summary.title', { plan: plan.name })}
        </h1>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Trans
            t={t}
            i18nKey={isAnnual ? 'summary.priceAnnual' : 'summary.priceMonthly'}
            values={{ amount: formatPrice(format, price, plan.currency) }}
            components={{
              price: <span className="text-3xl font-semibold tracking-tight" />,
              per: <span className="text-sm text-muted-foreground" />,
            }}
          />
        </p>
      </div>
      <dl className="grid gap-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('summary.team')}</dt>
          <dd className="text-right font-medium break-all">{session.tenant_name}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('summary.plan')}</dt>
          <dd className="text-right font-medium">{plan.name}</dd>
        </div>
        {seats !== null && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('summary.seats')}</dt>
            <dd className="text-right font-medium">
              {t('summary.seatsTimesPrice', {
                count: seats,
                unit: formatAmount(format, unitPrice, plan.currency),
              })}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('summary.billing')}</dt>
          <dd className="text-right font-medium">{t(isAnnual ? 'summary.annually' : 'summary.monthly')}</dd>
        </div>
        {trialDays > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('summary.freeTrial')}</dt>
            <dd className="text-right font-medium">{t('summary.trialDays', { count: trialDays })}</dd>
          </div>
        )}
        {credit > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('summary.credit')}</dt>
            <dd className="text-right font-medium">
              {t('summary.creditAmount', { amount: formatPrice(format, credit, session.currency) })}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
          <dt className="font-medium">{t('summary.totalDue')}</dt>
          <dd className="text-right font-semibold">
            {formatPrice(format, session.amount, session.currency)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{t(renewal)}</p>
      {plan.features.length > 0 && (
        <ul
          className="hidden gap-2 text-sm text-muted-foreground md:grid"
          aria-label={t('price.features', { plan: plan.name })}
        >
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {planText(feature)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
