import type { LocalCheckoutSession } from '@app/contract';
import { Check } from 'lucide-react';

import { formatMoney, periodAmount } from '@/features/billing/utils/prices';

/** What the checkout charges for: team, plan, interval and amount, as a receipt would list them. */
export function OrderSummary({ session }: { session: LocalCheckoutSession }) {
  const { plan, billing_interval: interval } = session;
  const per = interval === 'annual' ? 'year' : 'month';
  const price = periodAmount(plan, interval);
  const trialDays = session.trial_days;
  // Credit left from an earlier subscription comes off what is due now (the server's amount), not the price.
  const credit = trialDays > 0 ? 0 : price - session.amount;

  return (
    <section aria-labelledby="order-summary-heading" className="grid content-start gap-6">
      <div className="grid gap-1">
        <h1 id="order-summary-heading" className="text-base font-medium text-muted-foreground">
          Subscribe to Tessera {plan.name}
        </h1>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-semibold tracking-tight">{formatMoney(price, plan.currency)}</span>
          <span className="text-sm text-muted-foreground">per {per}</span>
        </p>
      </div>
      <dl className="grid gap-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Team</dt>
          <dd className="text-right font-medium break-all">{session.tenant_name}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="text-right font-medium">{plan.name}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Billing</dt>
          <dd className="text-right font-medium">{interval === 'annual' ? 'Annually' : 'Monthly'}</dd>
        </div>
        {trialDays > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Free trial</dt>
            <dd className="text-right font-medium">{trialDays === 1 ? '1 day' : `${trialDays} days`}</dd>
          </div>
        )}
        {credit > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Credit applied</dt>
            <dd className="text-right font-medium">−{formatMoney(credit, session.currency)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
          <dt className="font-medium">Total due today</dt>
          <dd className="text-right font-semibold">{formatMoney(session.amount, session.currency)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        {trialDays > 0 && 'Nothing is charged until the trial ends. '}
        Renews automatically every {per} until you cancel. You can cancel any time in the billing portal.
      </p>
      {plan.features.length > 0 && (
        <ul
          className="hidden gap-2 text-sm text-muted-foreground md:grid"
          aria-label={`${plan.name} features`}
        >
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
