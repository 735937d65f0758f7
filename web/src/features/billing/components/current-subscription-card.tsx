import type { Plan, Subscription } from '@app/contract';
import { CreditCard, ExternalLink } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useOpenBillingPortal } from '@/features/billing/api/open-billing-portal';
import { SubscriptionStatusBadge } from '@/features/billing/components/subscription-status-badge';
import { formatBilledPrice } from '@/features/billing/utils/prices';
import { perSeatPlan, seatsTotalText } from '@/features/billing/utils/seats';
import { isLive, periodEndText, trialEndText } from '@/features/billing/utils/subscription-status';
import { getErrorText } from '@/lib/api-error';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

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
  const { t } = useTranslation('billing');
  const format = useFormat();
  const portal = useOpenBillingPortal(tenantUuid);
  const current = subscription.data;
  const plan = current ? plans?.find(({ id }) => id === current.plan_id) : undefined;
  // A per-seat plan shows what the team's seats come to: '3 seats × $99.00 = $297.00 a month'.
  const seatPlan = current ? perSeatPlan(current, plans) : null;
  // A canceled subscription stays readable (docs/contract.md section 3), and the portal still shows its invoices.
  const hasPortal = canManage && !!current;
  const trialEnd = trialEndText(current, t, format);
  const periodEnd = current ? periodEndText(current, t, format) : null;

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>{t('current.title')}</h2>
          </CardTitle>
          <CardDescription>{t('current.description')}</CardDescription>
        </div>
        {hasPortal && (
          <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
            <CreditCard aria-hidden="true" />
            {t('current.manageBilling')}
            <ExternalLink className="size-3.5 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">{t('current.opensInNewTab')}</span>
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {portal.isError && <ErrorAlert error={portal.error} fallback={t('errors.openPortal')} />}
        {subscription.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-6 text-primary" />
          </div>
        ) : subscription.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {getErrorText(subscription.error, t('errors.loadSubscription'))}
              <Button variant="outline" size="sm" onClick={() => void subscription.refetch()}>
                {t('errors.tryAgain')}
              </Button>
            </AlertDescription>
          </Alert>
        ) : !current ? (
          <div className="grid gap-2">
            <div>
              <SubscriptionStatusBadge subscription={null} />
            </div>
            <p className="font-medium">{t('current.noSubscription')}</p>
            <p className="text-sm text-muted-foreground">{t('current.freePlanUpgrade')}</p>
          </div>
        ) : (
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-xl font-semibold tracking-tight">{plan?.name ?? current.plan_id}</p>
              <SubscriptionStatusBadge subscription={current} />
            </div>
            <p className="text-sm text-muted-foreground">
              {seatPlan
                ? seatsTotalText(current, seatPlan.currency, t, format)
                : plan
                  ? formatBilledPrice(plan, current.billing_interval, t, format)
                  : t(
                      current.billing_interval === 'annual'
                        ? 'current.billedAnnually'
                        : 'current.billedMonthly',
                    )}
            </p>
            {trialEnd && <p className="text-sm font-medium">{trialEnd}</p>}
            {periodEnd && <p className="text-sm font-medium">{periodEnd}</p>}
            {current.status === 'past_due' || current.status === 'unpaid' ? (
              <p className="text-sm text-destructive">
                {t(canManage ? 'current.paymentFailedManage' : 'current.paymentFailedAsk')}
              </p>
            ) : !isLive(current) ? (
              <p className="text-sm text-muted-foreground">{t('current.freePlanAgain')}</p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
