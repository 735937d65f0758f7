import type { BillingInterval, Plan, Subscription } from '@app/contract';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorText } from '@/lib/api-error';

import { useChangePlan } from '@/features/billing/api/change-plan';
import { BillingIntervalToggle } from '@/features/billing/components/billing-interval-toggle';
import { formatPeriodPrice, planPrice } from '@/features/billing/utils/prices';
import { formatDate } from '@/features/billing/utils/subscription-status';

type PortalPlanChangeProps = {
  tenantUuid: string;
  subscription: Subscription;
  plans: Plan[];
};

const billed = (interval: BillingInterval) => (interval === 'annual' ? 'annually' : 'monthly');

/** The portal's plan switch: another plan or interval for the same subscription, confirmed first. */
export function PortalPlanChange({ tenantUuid, subscription, plans }: PortalPlanChangeProps) {
  const change = useChangePlan(tenantUuid);
  const [interval, setBillingInterval] = useState<BillingInterval>(subscription.billing_interval);
  const [planId, setPlanId] = useState(subscription.plan_id);
  const [isConfirming, setConfirming] = useState(false);
  const chosen = plans.find(({ id }) => id === planId);
  const isCurrent = (plan: Plan) =>
    plan.id === subscription.plan_id && interval === subscription.billing_interval;
  const isUnchanged = planId === subscription.plan_id && interval === subscription.billing_interval;
  // A change during a trial keeps the trial: nothing is credited or charged until it ends (the server's rule).
  const trialEnd =
    subscription.status === 'trialing' && subscription.trial_ends_at
      ? formatDate(subscription.trial_ends_at)
      : null;
  const result = change.data;
  const changed = result && plans.find(({ id }) => id === result.plan_id);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Change plan</h2>
        </CardTitle>
        <CardDescription>
          {trialEnd
            ? `Switch to another plan or billing interval. The trial goes on: the new plan is charged when it ends, on ${trialEnd}.`
            : 'Switch to another plan or billing interval. A change takes effect immediately: the new plan is charged now, less a credit for the unused part of the current period, and a new billing period starts today.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {change.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(change.error, 'Failed to change the plan')}</AlertDescription>
          </Alert>
        )}
        {result && changed && isUnchanged && (
          <Alert>
            <AlertDescription>
              Your team is now on {changed.name}, billed {billed(result.billing_interval)}. It renews on{' '}
              {formatDate(result.current_period_end)}.
            </AlertDescription>
          </Alert>
        )}
        <BillingIntervalToggle value={interval} onValueChange={setBillingInterval} />
        <RadioGroup.Root
          aria-label="Plan"
          value={planId}
          onValueChange={setPlanId}
          className="grid gap-3 sm:grid-cols-3"
        >
          {plans.map((plan) => {
            const { perMonth, billedNote } = planPrice(plan, interval);
            return (
              <RadioGroup.Item
                key={plan.id}
                value={plan.id}
                className="grid gap-1 rounded-lg border border-border bg-card p-4 text-left transition-colors hover:bg-muted data-[state=checked]:border-primary data-[state=checked]:ring-1 data-[state=checked]:ring-primary"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{plan.name}</span>
                  {isCurrent(plan) && <Badge variant="secondary">Current</Badge>}
                </span>
                <span className="text-sm">
                  <span className="text-lg font-semibold">{perMonth}</span>
                  <span className="text-muted-foreground">/month</span>
                </span>
                <span className="text-xs text-muted-foreground">{billedNote ?? 'billed monthly'}</span>
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {isUnchanged && (
            <p className="text-sm text-muted-foreground">Choose a different plan or interval.</p>
          )}
          <SubmitButton
            type="button"
            className="w-auto"
            disabled={isUnchanged || change.isPending}
            isPending={change.isPending}
            pendingText="Switching…"
            onClick={() => setConfirming(true)}
          >
            {chosen && !isUnchanged ? `Switch to ${chosen.name}, billed ${billed(interval)}` : 'Switch plan'}
          </SubmitButton>
        </div>
      </CardContent>
      {chosen && (
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setConfirming}
          title={`Switch to ${chosen.name}?`}
          description={
            <>
              <p>
                Your team moves to {chosen.name} at {formatPeriodPrice(chosen, interval)}, billed{' '}
                {billed(interval)}.
              </p>
              <p>
                {trialEnd
                  ? `Nothing is charged now: the trial goes on, and ${chosen.name} is charged when it ends, on ${trialEnd}.`
                  : 'The change takes effect immediately: the unused part of the current period is credited against the new price, the rest is charged now, and a new billing period starts today.'}
              </p>
              {subscription.cancel_at_period_end && (
                <p>
                  {trialEnd
                    ? 'Your subscription stays set to cancel: it ends with the trial, unless you resume it.'
                    : 'Your subscription stays set to cancel: it ends when the new billing period does, unless you resume it.'}
                </p>
              )}
            </>
          }
          confirmLabel="Switch plan"
          dismissLabel="Keep current plan"
          onConfirm={() => change.mutate({ plan_id: chosen.id, billing_interval: interval })}
        />
      )}
    </Card>
  );
}
