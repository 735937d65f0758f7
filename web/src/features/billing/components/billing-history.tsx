import type { Invoice } from '@app/contract';
import { Download, LoaderCircle } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useDownloadInvoice } from '@/features/billing/api/download-invoice';
import { useInvoices } from '@/features/billing/api/get-invoices';
import { formatPrice } from '@/features/billing/utils/prices';
import { useFormat } from '@/lib/i18n/format';
import { Trans, useTranslation } from '@/lib/i18n/translation';

type BillingHistoryProps = {
  tenantUuid: string;
  /** Admins and the owner download invoices (docs/contract.md section 3 roles); members see the list. */
  canDownload: boolean;
};

/**
 * Billing history of /subscription (docs/spec.md section 4): every invoice, Download for the paid ones. On a phone
 * each invoice is a card (components/ui/table.tsx): its number heads it, then date, amount and status.
 */
export function BillingHistory({ tenantUuid, canDownload }: BillingHistoryProps) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const invoices = useInvoices(tenantUuid);
  const download = useDownloadInvoice(tenantUuid);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('history.title')}</h2>
        </CardTitle>
        <CardDescription>{t('history.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {download.isError && <ErrorAlert error={download.error} fallback={t('errors.downloadInvoice')} />}
        <ListTable
          query={invoices}
          failureFallback={t('errors.loadSubscription')}
          canRetry
          loadingClassName="py-4"
          empty={<p className="py-4 text-center text-sm text-muted-foreground">{t('history.empty')}</p>}
          head={
            <>
              <TableHead>{t('history.invoice')}</TableHead>
              <TableHead>{t('history.date')}</TableHead>
              <TableHead>{t('history.amount')}</TableHead>
              <TableHead>{t('history.status')}</TableHead>
              {canDownload && (
                <TableHead>
                  <span className="sr-only">{t('history.download')}</span>
                </TableHead>
              )}
            </>
          }
          row={(invoice) => (
            <TableRow key={invoice.id}>
              <TableCell className="font-medium [overflow-wrap:anywhere] sm:whitespace-nowrap">
                {invoice.number}
              </TableCell>
              <TableCell label={t('history.date')} className="sm:whitespace-nowrap">
                {format.date(invoice.created_at)}
              </TableCell>
              <TableCell label={t('history.amount')} className="sm:whitespace-nowrap">
                {formatPrice(format, invoice.amount, invoice.currency)}
              </TableCell>
              <TableCell label={t('history.status')} className="sm:whitespace-nowrap">
                <InvoiceStatus invoice={invoice} />
              </TableCell>
              {canDownload && (
                <TableCell className="text-right max-sm:empty:hidden">
                  {invoice.status === 'paid' && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={download.isPending && download.variables === invoice.id}
                      onClick={() => download.mutate(invoice.id)}
                    >
                      {download.isPending && download.variables === invoice.id ? (
                        <LoaderCircle className="animate-spin" aria-hidden="true" />
                      ) : (
                        <Download aria-hidden="true" />
                      )}
                      <span>
                        <Trans
                          t={t}
                          i18nKey="history.downloadInvoice"
                          values={{ number: invoice.number }}
                          components={{ hidden: <span className="sr-only" /> }}
                        />
                      </span>
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          )}
        />
      </CardContent>
    </Card>
  );
}

/** docs/spec.md section 4: paid, 'Pending payment' or 'Payment failed'. */
function InvoiceStatus({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  if (invoice.status === 'paid') return <Badge variant="secondary">{t('history.paid')}</Badge>;
  if (invoice.status === 'failed') {
    return (
      <Badge variant="outline" className="border-destructive/40 bg-destructive/5 text-destructive">
        {t('history.failed')}
      </Badge>
    );
  }
  return (
    <span className="grid justify-items-start gap-0.5">
      <Badge variant="outline">{t('history.pending')}</Badge>
      {invoice.due_date && (
        <span className="text-xs text-muted-foreground">
          {t('history.due', { date: format.date(invoice.due_date) })}
        </span>
      )}
    </span>
  );
}
