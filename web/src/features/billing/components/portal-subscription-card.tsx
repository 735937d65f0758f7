import type { Plan, Subscription } from '@app/contract';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorText } from '@/lib/api-error';

import { useCancelSubscription } from '@/features/billing/api/cancel-subscription';
import { useResumeSubscription } from '@/features/billing/api/resume-subscription';
import { SubscriptionStatusBadge } from '@/features/billing/components/subscription-status-badge';
import { formatPeriodPrice } from '@/features/billing/utils/prices';
import {
  formatDate,
  isLive,
  periodEndText,
  trialEndText,
} from '@/features/billing/utils/subscription-status';

type PortalSubscriptionCardProps = {
  tenantUuid: string;
  subscription: Subscription;
  plan: Plan | undefined;
};

/** The portal's current plan: what it costs, when it renews or ends, and cancel at period end or resume. */
export function PortalSubscriptionCard({ tenantUuid, subscription, plan }: PortalSubscriptionCardProps) {
  const cancel = useCancelSubscription(tenantUuid);
  const resume = useResumeSubscription(tenantUuid);
  const [confirming, setConfirming] = useState<'cancel' | 'resume' | null>(null);
  const planName = plan?.name ?? subscription.plan_id;
  const periodEnd = formatDate(subscription.current_period_end);
  const price = plan ? formatPeriodPrice(plan, subscription.billing_interval) : null;
  const live = isLive(subscription);

  const failure = cancel.isError
    ? getErrorText(cancel.error, 'Failed to cancel the subscription')
    : resume.isError
      ? getErrorText(resume.error, 'Failed to resume the subscription')
      : null;
  const done =
    cancel.isSuccess && subscription.cancel_at_period_end
      ? `Your subscription is canceled. ${planName} stays active until ${periodEnd}.`
      : resume.isSuccess && !subscription.cancel_at_period_end
        ? `Your subscription is active again and renews on ${periodEnd}.`
        : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Current plan</h2>
        </CardTitle>
        <CardDescription>What your team is subscribed to and when it is billed next.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        {done && (
          <Alert>
            <AlertDescription>{done}</AlertDescription>
          </Alert>
        )}
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xl font-semibold tracking-tight">{planName}</p>
            <SubscriptionStatusBadge subscription={subscription} />
          </div>
          {price && (
            <p className="text-sm text-muted-foreground">
              {price}, billed {subscription.billing_interval === 'annual' ? 'annually' : 'monthly'}
            </p>
          )}
          {trialEndText(subscription) && <p className="text-sm font-medium">{trialEndText(subscription)}</p>}
          {periodEndText(subscription) && (
            <p className="text-sm font-medium">{periodEndText(subscription)}</p>
          )}
          {live && subscription.cancel_at_period_end && (
            <p className="text-sm text-muted-foreground">
              Your team keeps {planName} until then and is not charged again. Resume to keep it after{' '}
              {periodEnd}.
            </p>
          )}
        </div>
        {live && (
          <div className="flex flex-wrap gap-3">
            {subscription.cancel_at_period_end ? (
              <SubmitButton
                type="button"
                className="w-auto"
                isPending={resume.isPending}
                pendingText="Resuming…"
                onClick={() => setConfirming('resume')}
              >
                Resume subscription
              </SubmitButton>
            ) : (
              <SubmitButton
                type="button"
                variant="outline"
                className="w-auto text-destructive"
                isPending={cancel.isPending}
                pendingText="Canceling…"
                onClick={() => setConfirming('cancel')}
              >
                Cancel subscription
              </SubmitButton>
            )}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Cancel subscription?"
        description={
          <>
            <p>
              The cancellation takes effect at the end of the current billing period, on {periodEnd}. Until
              then your team keeps {planName}; after that it moves to the free plan and is not charged again.
            </p>
            <p>You can resume the subscription any time before {periodEnd}.</p>
          </>
        }
        confirmLabel="Cancel subscription"
        dismissLabel="Keep subscription"
        onConfirm={() => {
          resume.reset();
          cancel.mutate();
        }}
      />
      <ConfirmDialog
        open={confirming === 'resume'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Resume subscription?"
        description={
          <p>
            {planName} stays active and renews on {periodEnd}
            {price ? ` at ${price}` : ''}, then every{' '}
            {subscription.billing_interval === 'annual' ? 'year' : 'month'} until you cancel.
          </p>
        }
        confirmLabel="Resume subscription"
        dismissLabel="Not now"
        onConfirm={() => {
          cancel.reset();
          resume.mutate();
        }}
      />
    </Card>
  );
}
