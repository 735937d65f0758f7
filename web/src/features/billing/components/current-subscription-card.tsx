import type { Plan, Subscription } from '@app/contract';
import { CreditCard, ExternalLink } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorText } from '@/lib/api-error';

import { useOpenBillingPortal } from '@/features/billing/api/open-billing-portal';
import { SubscriptionStatusBadge } from '@/features/billing/components/subscription-status-badge';
import { formatPeriodPrice } from '@/features/billing/utils/prices';
import { isLive, periodEndText, trialEndText } from '@/features/billing/utils/subscription-status';

type CurrentSubscriptionCardProps = {
  tenantUuid: string;
  subscription: {
    data: Subscription | null | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  /** To name the plan and its price; the plan id stands in until they load. */
  plans: Plan[] | undefined;
  /** Admins and the owner get the billing portal (docs/contract.md section 3 roles). */
  canManage: boolean;
};

/** The current-subscription card of /subscription (docs/spec.md section 4): status, plan, and when it renews or ends. */
export function CurrentSubscriptionCard({
  tenantUuid,
  subscription,
  plans,
  canManage,
}: CurrentSubscriptionCardProps) {
  const portal = useOpenBillingPortal(tenantUuid);
  const current = subscription.data;
  const plan = current ? plans?.find(({ id }) => id === current.plan_id) : undefined;
  // A canceled subscription stays readable (docs/contract.md section 3), and the portal still shows its invoices.
  const hasPortal = canManage && !!current;

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Current subscription</h2>
          </CardTitle>
          <CardDescription>Your team&apos;s plan and billing period.</CardDescription>
        </div>
        {hasPortal && (
          <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
            <CreditCard aria-hidden="true" />
            Manage billing
            <ExternalLink className="size-3.5 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {portal.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(portal.error, 'Failed to open billing portal')}</AlertDescription>
          </Alert>
        )}
        {subscription.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-6 text-primary" />
          </div>
        ) : subscription.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {getErrorText(subscription.error, 'Failed to load subscription data')}
              <Button variant="outline" size="sm" onClick={() => void subscription.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : !current ? (
          <div className="grid gap-2">
            <div>
              <SubscriptionStatusBadge subscription={null} />
            </div>
            <p className="font-medium">No active subscription</p>
            <p className="text-sm text-muted-foreground">
              Your team is on the free plan. Choose a plan below to upgrade.
            </p>
          </div>
        ) : (
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-xl font-semibold tracking-tight">{plan?.name ?? current.plan_id}</p>
              <SubscriptionStatusBadge subscription={current} />
            </div>
            <p className="text-sm text-muted-foreground">
              {plan
                ? `${formatPeriodPrice(plan, current.billing_interval)}, billed ${current.billing_interval === 'annual' ? 'annually' : 'monthly'}`
                : `Billed ${current.billing_interval === 'annual' ? 'annually' : 'monthly'}`}
            </p>
            {trialEndText(current) && <p className="text-sm font-medium">{trialEndText(current)}</p>}
            {periodEndText(current) && <p className="text-sm font-medium">{periodEndText(current)}</p>}
            {current.status === 'past_due' || current.status === 'unpaid' ? (
              <p className="text-sm text-destructive">
                The last payment failed.{' '}
                {canManage
                  ? 'Update the payment method in the billing portal.'
                  : 'Ask an administrator to update it.'}
              </p>
            ) : !isLive(current) ? (
              <p className="text-sm text-muted-foreground">
                Your team is on the free plan. Choose a plan below to subscribe again.
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
