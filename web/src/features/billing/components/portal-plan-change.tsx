import type { BillingInterval, Plan, Subscription } from '@app/contract';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useChangePlan } from '@/features/billing/api/change-plan';
import { BillingIntervalToggle } from '@/features/billing/components/billing-interval-toggle';
import { formatPeriodAmount, planPrice } from '@/features/billing/utils/prices';
import { trialEndsAt } from '@/features/billing/utils/subscription-status';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

type PortalPlanChangeProps = {
  tenantUuid: string;
  subscription: Subscription;
  plans: Plan[];
};

/** The portal's plan switch: another plan or interval for the same subscription, confirmed first. */
export function PortalPlanChange({ tenantUuid, subscription, plans }: PortalPlanChangeProps) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const change = useChangePlan(tenantUuid);
  const [interval, setBillingInterval] = useState<BillingInterval>(subscription.billing_interval);
  const [planId, setPlanId] = useState(subscription.plan_id);
  const [isConfirming, setConfirming] = useState(false);
  const chosen = plans.find(({ id }) => id === planId);
  const isCurrent = (plan: Plan) =>
    plan.id === subscription.plan_id && interval === subscription.billing_interval;
  const isUnchanged = planId === subscription.plan_id && interval === subscription.billing_interval;
  // A change during a trial keeps the trial: nothing is credited or charged until it ends (the server's rule).
  const trialEndIso = trialEndsAt(subscription);
  const trialEnd = trialEndIso ? format.longDate(trialEndIso) : null;
  const result = change.data;
  const changed = result && plans.find(({ id }) => id === result.plan_id);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('planChange.title')}</h2>
        </CardTitle>
        <CardDescription>
          {trialEnd ? t('planChange.descriptionTrial', { date: trialEnd }) : t('planChange.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {change.isError && <ErrorAlert error={change.error} fallback={t('errors.changePlan')} />}
        {result && changed && isUnchanged && (
          <Alert>
            <AlertDescription>
              {t(result.billing_interval === 'annual' ? 'planChange.doneAnnual' : 'planChange.doneMonthly', {
                plan: changed.name,
                date: format.longDate(result.current_period_end),
              })}
            </AlertDescription>
          </Alert>
        )}
        <BillingIntervalToggle value={interval} onValueChange={setBillingInterval} />
        <RadioGroup.Root
          aria-label={t('planChange.plan')}
          value={planId}
          onValueChange={setPlanId}
          className="grid gap-3 sm:grid-cols-3"
        >
          {plans.map((plan) => {
            const { perMonth, perSuffix, billedNote } = planPrice(plan, interval, t, format);
            return (
              <RadioGroup.Item
                key={plan.id}
                value={plan.id}
                className="grid gap-1 rounded-lg border border-border bg-card p-4 text-left transition-colors hover:bg-muted data-[state=checked]:border-primary data-[state=checked]:ring-1 data-[state=checked]:ring-primary"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{plan.name}</span>
                  {isCurrent(plan) && <Badge variant="secondary">{t('planChange.current')}</Badge>}
                </span>
                <span className="text-sm">
                  <span className="text-lg font-semibold">{perMonth}</span>
                  {plan.per_seat && ' '}
                  <span className="text-muted-foreground">{perSuffix}</span>
                </span>
                <span className="text-xs text-muted-foreground">{billedNote}</span>
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {isUnchanged && <p className="text-sm text-muted-foreground">{t('planChange.unchanged')}</p>}
          <SubmitButton
            type="button"
            className="w-auto"
            disabled={isUnchanged || change.isPending}
            isPending={change.isPending}
            pendingText={t('planChange.switching')}
            onClick={() => setConfirming(true)}
          >
            {chosen && !isUnchanged
              ? t(interval === 'annual' ? 'planChange.switchToAnnual' : 'planChange.switchToMonthly', {
                  plan: chosen.name,
                })
              : t('planChange.switchPlan')}
          </SubmitButton>
        </div>
      </CardContent>
      {chosen && (
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setConfirming}
          title={t('planChange.confirmTitle', { plan: chosen.name })}
          description={
            <>
              <p>
                {t(
                  chosen.per_seat
                    ? interval === 'annual'
                      ? 'planChange.movesAnnualPerMember'
                      : 'planChange.movesMonthlyPerMember'
                    : interval === 'annual'
                      ? 'planChange.movesAnnual'
                      : 'planChange.movesMonthly',
                  { plan: chosen.name, amount: formatPeriodAmount(chosen, interval, format) },
                )}
              </p>
              <p>
                {trialEnd
                  ? t('planChange.chargeTrial', { plan: chosen.name, date: trialEnd })
                  : t('planChange.chargeNow')}
              </p>
              {subscription.cancel_at_period_end && (
                <p>{t(trialEnd ? 'planChange.staysCanceledTrial' : 'planChange.staysCanceled')}</p>
              )}
            </>
          }
          confirmLabel={t('planChange.switchPlan')}
          dismissLabel={t('planChange.keepCurrent')}
          onConfirm={() => change.mutate({ plan_id: chosen.id, billing_interval: interval })}
        />
      )}
    </Card>
  );
}
