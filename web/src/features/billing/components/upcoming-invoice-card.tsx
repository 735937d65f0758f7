import type { Subscription } from '@app/contract';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUpcomingInvoice } from '@/features/billing/api/get-upcoming-invoice';
import { InvoiceLinesTable } from '@/features/billing/components/invoice-lines-table';
import { formatAmount } from '@/features/billing/utils/prices';
import { isLive } from '@/features/billing/utils/subscription-status';
import { getErrorText } from '@/lib/api-error';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

type UpcomingInvoiceCardProps = {
  tenantUuid: string;
  /** The team's subscription: only a live one has a next invoice (one set to end, at most a last one). */
  subscription: Subscription | null | undefined;
};

/**
 * The Next invoice card of /subscription (docs/contract.md section 4, Per-seat billing): the invoice the team will be
 * sent at the end of its period as it stands now, line by line; for a subscription set to end, the last invoice of the
 * seats it added since its last one. Absent when none will come (no subscription, or the API's 404).
 */
export function UpcomingInvoiceCard({ tenantUuid, subscription }: UpcomingInvoiceCardProps) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const live = isLive(subscription);
  const upcoming = useUpcomingInvoice(tenantUuid, { enabled: live });
  if (!live || upcoming.data === null) return null;
  const texts = subscription.cancel_at_period_end ? 'last' : 'upcoming';

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t(`${texts}.title`)}</h2>
        </CardTitle>
        <CardDescription>{t(`${texts}.description`)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {upcoming.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-6 text-primary" />
          </div>
        ) : upcoming.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {getErrorText(upcoming.error, t('errors.loadUpcomingInvoice'))}
              <Button variant="outline" size="sm" onClick={() => void upcoming.refetch()}>
                {t('errors.tryAgain')}
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <div className="grid gap-1">
              <p className="text-2xl font-semibold tracking-tight tabular-nums">
                {formatAmount(format, upcoming.data.amount, upcoming.data.currency)}
              </p>
              <p className="text-sm text-muted-foreground">
                {texts === 'last'
                  ? t('last.dueOn', { date: format.longDate(upcoming.data.period_start) })
                  : t('upcoming.dueOn', {
                      date: format.longDate(upcoming.data.period_start),
                      period: format.dateRange(upcoming.data.period_start, upcoming.data.period_end),
                    })}
              </p>
            </div>
            <InvoiceLinesTable
              lines={upcoming.data.lines}
              currency={upcoming.data.currency}
              total={upcoming.data.amount}
              label={t(`${texts}.lines`)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
