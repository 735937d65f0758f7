import type { Invoice } from '@app/contract';
import { ChevronDown, Download, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useDownloadInvoice } from '@/features/billing/api/download-invoice';
import { useInvoices } from '@/features/billing/api/get-invoices';
import { InvoiceLinesTable } from '@/features/billing/components/invoice-lines-table';
import { formatPrice } from '@/features/billing/utils/prices';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/format';
import { Trans, useTranslation } from '@/lib/i18n/translation';

type BillingHistoryProps = {
  tenantUuid: string;
  /** Admins and the owner download invoices (docs/contract.md section 3 roles); members see the list. */
  canDownload: boolean;
};

/**
 * Billing history of /subscription (docs/spec.md section 4): every invoice with its lines behind a disclosure,
 * Download for the paid ones. On a phone each invoice is a card (components/ui/table.tsx): its number heads it, then
 * date, amount and status.
 */
export function BillingHistory({ tenantUuid, canDownload }: BillingHistoryProps) {
  const { t } = useTranslation('billing');
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
              <TableHead>
                <span className="sr-only">{t('history.actions')}</span>
              </TableHead>
            </>
          }
          row={(invoice) => (
            <InvoiceRows key={invoice.id} invoice={invoice} canDownload={canDownload} download={download} />
          )}
        />
      </CardContent>
    </Card>
  );
}

/** The table's columns: invoice, date, amount, status and the actions. */
const COLUMNS = 5;

type InvoiceRowsProps = {
  invoice: Invoice;
  canDownload: boolean;
  download: ReturnType<typeof useDownloadInvoice>;
};

/**
 * One invoice's row, and under it its lines (docs/contract.md section 4, Per-seat billing), shown and hidden by a
 * disclosure button. On a phone the two rows read as one card.
 */
function InvoiceRows({ invoice, canDownload, download }: InvoiceRowsProps) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const [expanded, setExpanded] = useState(false);
  const linesId = useId();
  const hasLines = invoice.lines.length > 0;
  const isDownloading = download.isPending && download.variables === invoice.id;
  const canDownloadThis = canDownload && invoice.status === 'paid';

  return (
    <>
      <TableRow className={cn(expanded && 'sm:border-b-0 max-sm:rounded-b-none')}>
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
        <TableCell className="max-sm:empty:hidden">
          {(hasLines || canDownloadThis) && (
            <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap sm:justify-end">
              {hasLines && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={expanded}
                  aria-controls={linesId}
                  onClick={() => setExpanded((open) => !open)}
                >
                  <ChevronDown
                    className={cn(
                      'transition-transform motion-reduce:transition-none',
                      expanded && 'rotate-180',
                    )}
                    aria-hidden="true"
                  />
                  <span>
                    <Trans
                      t={t}
                      i18nKey={expanded ? 'history.hideLines' : 'history.showLines'}
                      values={{ number: invoice.number }}
                      components={{ hidden: <span className="sr-only" /> }}
                    />
                  </span>
                </Button>
              )}
              {canDownloadThis && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={isDownloading}
                  onClick={() => download.mutate(invoice.id)}
                >
                  {isDownloading ? (
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
            </div>
          )}
        </TableCell>
      </TableRow>
      {hasLines && (
        <TableRow
          id={linesId}
          hidden={!expanded}
          className="bg-muted/40 max-sm:-mt-3 max-sm:rounded-t-none max-sm:border-t-0 max-sm:bg-muted/40"
        >
          <TableCell colSpan={COLUMNS} className="px-4 pt-1 pb-3 max-sm:p-0">
            <InvoiceLinesTable
              lines={invoice.lines}
              currency={invoice.currency}
              total={invoice.amount}
              label={t('history.linesOf', { number: invoice.number })}
            />
          </TableCell>
        </TableRow>
      )}
    </>
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
