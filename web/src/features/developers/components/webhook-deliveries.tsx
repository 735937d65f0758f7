import type { WebhookDelivery } from '@app/contract';
import { Inbox, RotateCw } from 'lucide-react';

import { ListTable } from '@/components/list-table';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { getErrorText } from '@/lib/api-error';

import { useWebhookDeliveries } from '@/features/developers/api/get-webhook-deliveries';
import { useRetryWebhookDelivery } from '@/features/developers/api/retry-webhook-delivery';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

const STATUS_LABELS = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;
const STATUS_VARIANTS = { pending: 'secondary', succeeded: 'default', failed: 'destructive' } as const;

/** A delivery's status on a badge: delivered in the accent, given up in red, still trying in grey. */
export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

const attemptsText = (attempts: number) => `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;

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
 * delivery in it is pending. On a phone the table keeps two columns: the details go under the event.
 */
export function WebhookDeliveries({ tenantUuid, webhookId, url, onRetried }: WebhookDeliveriesProps) {
  const deliveries = useWebhookDeliveries(tenantUuid, webhookId);
  const retry = useRetryWebhookDelivery(tenantUuid, webhookId);

  return (
    <div className="grid gap-3">
      {retry.isError && (
        <Alert variant="destructive">
          <AlertDescription>{getErrorText(retry.error, 'Failed to retry the delivery')}</AlertDescription>
        </Alert>
      )}
      <ListTable
        query={deliveries}
        failureFallback="Failed to load the deliveries"
        canRetry
        loadingClassName="py-6"
        aria-label={`Deliveries to ${url}`}
        empty={
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <Inbox className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm font-medium">No deliveries yet</p>
            <p className="text-sm text-muted-foreground">
              Send a test, or make a change this endpoint listens to.
            </p>
          </div>
        }
        head={
          <>
            <TableHead>Event</TableHead>
            <TableHead className="max-sm:hidden">Status</TableHead>
            <TableHead className="max-sm:hidden">Attempts</TableHead>
            <TableHead className="max-sm:hidden">Response</TableHead>
            <TableHead className="max-sm:hidden">Time</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </>
        }
        row={(delivery) => {
          const isRetrying = retry.isPending && retry.variables === delivery.id;
          const response = delivery.response_status ?? 'None';
          return (
            <TableRow key={delivery.id}>
              <TableCell className="min-w-0 align-top sm:align-middle">
                <span className="font-mono text-xs [overflow-wrap:anywhere]">{delivery.event}</span>
                {/* Phones have no room for the other columns: they go under the event. */}
                <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground sm:hidden">
                  <DeliveryStatusBadge status={delivery.status} />
                  <span>{attemptsText(delivery.attempts)}</span>
                  <span>Response {response}</span>
                  <time dateTime={delivery.created_at}>{formatTime(delivery.created_at)}</time>
                </span>
              </TableCell>
              <TableCell className="max-sm:hidden">
                <DeliveryStatusBadge status={delivery.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap max-sm:hidden">{delivery.attempts}</TableCell>
              <TableCell className="whitespace-nowrap max-sm:hidden">
                {delivery.response_status ?? <span className="text-muted-foreground">None</span>}
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground max-sm:hidden">
                <time dateTime={delivery.created_at}>{formatTime(delivery.created_at)}</time>
              </TableCell>
              <TableCell className="text-right align-top sm:align-middle">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={isRetrying}
                  onClick={() =>
                    retry.mutate(delivery.id, {
                      onSuccess: () => onRetried(`Queued the ${delivery.event} delivery again.`),
                    })
                  }
                >
                  {isRetrying ? <Spinner /> : <RotateCw aria-hidden="true" />}
                  Retry
                  <span className="sr-only">
                    {` the ${delivery.event} delivery of ${formatTime(delivery.created_at)}`}
                  </span>
                </Button>
              </TableCell>
            </TableRow>
          );
        }}
      />
    </div>
  );
}
