import type { WebhookDelivery } from '@app/contract';
import { Inbox, RotateCw } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useWebhookDeliveries } from '@/features/developers/api/get-webhook-deliveries';
import { useRetryWebhookDelivery } from '@/features/developers/api/retry-webhook-delivery';
import { useFormat } from '@/lib/i18n/format';
import { Trans, useTranslation } from '@/lib/i18n/translation';

const STATUS_VARIANTS = { pending: 'secondary', succeeded: 'default', failed: 'destructive' } as const;

/** A delivery's status on a badge: delivered in the accent, given up in red, still trying in grey. */
export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const { t } = useTranslation('developers');
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`deliveries.statuses.${status}`)}</Badge>;
}

/** The part of the Retry button's name that only screen readers hear. */
const srOnly = { sr: <span className="sr-only" /> };

type WebhookDeliveriesProps = {
  tenantUuid: string;
  webhookId: string;
  /** The endpoint's URL, naming the table among the endpoints'. */
  url: string;
  /** Told what was queued again, for the endpoint's status line. */
  onRetried: (message: string) => void;
};

/**
 * An endpoint's deliveries (docs/contract.md section 4), newest first and a page at a time: each one's event, status,
 * attempts, the last answer's HTTP status and when it was made, with Retry. The list asks again on its own while a
 * delivery in it is pending. On a phone each delivery is a card, its details one a line (components/ui/table.tsx).
 */
export function WebhookDeliveries({ tenantUuid, webhookId, url, onRetried }: WebhookDeliveriesProps) {
  const deliveries = useWebhookDeliveries(tenantUuid, webhookId);
  const retry = useRetryWebhookDelivery(tenantUuid, webhookId);
  const { t } = useTranslation('developers');
  const format = useFormat();

  return (
    <div className="grid gap-3">
      {retry.isError && <ErrorAlert error={retry.error} fallback={t('deliveries.retryFailed')} />}
      <ListTable
        query={deliveries}
        failureFallback={t('deliveries.fetchFailed')}
        canRetry
        loadingClassName="py-6"
        aria-label={t('deliveries.table', { url })}
        empty={
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <Inbox className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm font-medium">{t('deliveries.empty')}</p>
            <p className="text-sm text-muted-foreground">{t('deliveries.emptyHint')}</p>
          </div>
        }
        head={
          <>
            <TableHead>{t('deliveries.event')}</TableHead>
            <TableHead>{t('deliveries.status')}</TableHead>
            <TableHead>{t('deliveries.attempts')}</TableHead>
            <TableHead>{t('deliveries.response')}</TableHead>
            <TableHead>{t('deliveries.time')}</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">{t('deliveries.actions')}</span>
            </TableHead>
          </>
        }
        row={(delivery) => {
          const isRetrying = retry.isPending && retry.variables === delivery.id;
          const time = format.dateTime(delivery.created_at);
          return (
            <TableRow key={delivery.id}>
              <TableCell className="min-w-0">
                <span className="font-mono text-xs [overflow-wrap:anywhere]">{delivery.event}</span>
              </TableCell>
              <TableCell label={t('deliveries.status')}>
                <span>
                  <DeliveryStatusBadge status={delivery.status} />
                </span>
              </TableCell>
              <TableCell label={t('deliveries.attempts')} className="sm:whitespace-nowrap">
                {delivery.attempts}
              </TableCell>
              <TableCell label={t('deliveries.response')} className="sm:whitespace-nowrap">
                {delivery.response_status ?? (
                  <span className="text-muted-foreground">{t('deliveries.none')}</span>
                )}
              </TableCell>
              <TableCell label={t('deliveries.time')} className="text-muted-foreground sm:whitespace-nowrap">
                <time dateTime={delivery.created_at}>{time}</time>
              </TableCell>
              <TableCell className="sm:text-right">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={isRetrying}
                  onClick={() =>
                    retry.mutate(delivery.id, {
                      onSuccess: () => onRetried(t('deliveries.retried', { event: delivery.event })),
                    })
                  }
                >
                  {isRetrying ? <Spinner /> : <RotateCw aria-hidden="true" />}
                  <Trans
                    t={t}
                    i18nKey="deliveries.retry"
                    values={{ event: delivery.event, time }}
                    components={srOnly}
                  />
                </Button>
              </TableCell>
            </TableRow>
          );
        }}
      />
    </div>
  );
}
