import type { Plan, Subscription } from '@app/contract';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCancelSubscription } from '@/features/billing/api/cancel-subscription';
import { useResumeSubscription } from '@/features/billing/api/resume-subscription';
import { SubscriptionStatusBadge } from '@/features/billing/components/subscription-status-badge';
import { formatBilledPrice, formatPeriodAmount, formatPrice } from '@/features/billing/utils/prices';
import { seatsTotalText } from '@/features/billing/utils/seats';
import { isLive, periodEndText, trialEndText } from '@/features/billing/utils/subscription-status';
import { getErrorText } from '@/lib/api-error';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

type PortalSubscriptionCardProps = {
  tenantUuid: string;
  subscription: Subscription;
  plan: Plan | undefined;
};

/** The portal's current plan: what it costs, when it renews or ends, and cancel at period end or resume. */
export function PortalSubscriptionCard({ tenantUuid, subscription, plan }: PortalSubscriptionCardProps) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const cancel = useCancelSubscription(tenantUuid);
  const resume = useResumeSubscription(tenantUuid);
  const [confirming, setConfirming] = useState<'cancel' | 'resume' | null>(null);
  const planName = plan?.name ?? subscription.plan_id;
  const isAnnual = subscription.billing_interval === 'annual';
  const periodEnd = format.longDate(subscription.current_period_end);
  // A per-seat plan renews at what its seats come to, not at one seat's price.
  const amount = !plan
    ? null
    : plan.per_seat
      ? formatPrice(format, subscription.amount, plan.currency)
      : formatPeriodAmount(plan, subscription.billing_interval, format);
  const live = isLive(subscription);
  const trialEnd = trialEndText(subscription, t, format);
  const periodEndLine = periodEndText(subscription, t, format);

  const failure = cancel.isError
    ? getErrorText(cancel.error, t('errors.cancel'))
    : resume.isError
      ? getErrorText(resume.error, t('errors.resume'))
      : null;
  const done =
    cancel.isSuccess && subscription.cancel_at_period_end
      ? t('portalCard.canceled', { plan: planName, date: periodEnd })
      : resume.isSuccess && !subscription.cancel_at_period_end
        ? t('portalCard.resumed', { date: periodEnd })
        : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('portalCard.title')}</h2>
        </CardTitle>
        <CardDescription>{t('portalCard.description')}</CardDescription>
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
          {plan && (
            <p className="text-sm text-muted-foreground">
              {plan.per_seat
                ? seatsTotalText(subscription, plan.currency, t, format)
                : formatBilledPrice(plan, subscription.billing_interval, t, format)}
            </p>
          )}
          {trialEnd && <p className="text-sm font-medium">{trialEnd}</p>}
          {periodEndLine && <p className="text-sm font-medium">{periodEndLine}</p>}
          {live && subscription.cancel_at_period_end && (
            <p className="text-sm text-muted-foreground">
              {t('portalCard.keepsUntil', { plan: planName, date: periodEnd })}
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
                pendingText={t('portalCard.resuming')}
                onClick={() => setConfirming('resume')}
              >
                {t('portalCard.resume')}
              </SubmitButton>
            ) : (
              <SubmitButton
                type="button"
                variant="outline"
                className="w-auto text-destructive"
                isPending={cancel.isPending}
                pendingText={t('portalCard.canceling')}
                onClick={() => setConfirming('cancel')}
              >
                {t('portalCard.cancel')}
              </SubmitButton>
            )}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('portalCard.cancelTitle')}
        description={
          <>
            <p>{t('portalCard.cancelText', { date: periodEnd, plan: planName })}</p>
            <p>{t('portalCard.cancelResumeHint', { date: periodEnd })}</p>
          </>
        }
        confirmLabel={t('portalCard.cancel')}
        dismissLabel={t('portalCard.keep')}
        onConfirm={() => {
          resume.reset();
          cancel.mutate();
        }}
      />
      <ConfirmDialog
        open={confirming === 'resume'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('portalCard.resumeTitle')}
        description={
          <p>
            {amount
              ? t(isAnnual ? 'portalCard.resumeTextAnnual' : 'portalCard.resumeTextMonthly', {
                  plan: planName,
                  date: periodEnd,
                  amount,
                })
              : t(isAnnual ? 'portalCard.resumeTextAnnualNoPrice' : 'portalCard.resumeTextMonthlyNoPrice', {
                  plan: planName,
                  date: periodEnd,
                })}
          </p>
        }
        confirmLabel={t('portalCard.resume')}
        dismissLabel={t('portalCard.notNow')}
        onConfirm={() => {
          cancel.reset();
          resume.mutate();
        }}
      />
    </Card>
  );
}
