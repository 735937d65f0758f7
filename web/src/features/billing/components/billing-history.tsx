import type { Invoice } from '@app/contract';
import { Download, LoaderCircle } from 'lucide-react';

import { ListTable } from '@/components/list-table';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { getErrorText } from '@/lib/api-error';

import { useDownloadInvoice } from '@/features/billing/api/download-invoice';
import { useInvoices } from '@/features/billing/api/get-invoices';
import { formatMoney } from '@/features/billing/utils/prices';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const formatShortDate = (iso: string) => dateFormat.format(new Date(iso));
type BillingHistoryProps = {
  tenantUuid: string;
  /** Admins and the owner download invoices (docs/contract.md section 3 roles); members see the list. */
  canDownload: boolean;
};

/** Billing history of /subscription (docs/spec.md section 4): every invoice, Download for the paid ones. */
export function BillingHistory({ tenantUuid, canDownload }: BillingHistoryProps) {
  const invoices = useInvoices(tenantUuid);
  const download = useDownloadInvoice(tenantUuid);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Billing history</h2>
        </CardTitle>
        <CardDescription>Invoices for this team, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {download.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(download.error, 'Failed to download invoice')}</AlertDescription>
          </Alert>
        )}
        <ListTable
          query={invoices}
          failureFallback="Failed to load subscription data"
          canRetry
          loadingClassName="py-4"
          empty={<p className="py-4 text-center text-sm text-muted-foreground">No Invoices</p>}
          head={
            <>
              <TableHead>Invoice</TableHead>
              <TableHead className="max-sm:hidden">Date</TableHead>
              <TableHead>Amount</TableHead>
              <TableHead>Status</TableHead>
              {canDownload && (
                <TableHead>
                  <span className="sr-only">Download</span>
                </TableHead>
              )}
            </>
          }
          row={(invoice) => (
            <TableRow key={invoice.id}>
              <TableCell className="whitespace-nowrap">
                <span className="font-medium">{invoice.number}</span>
                {/* Phones have no room for the date column: the date goes under the number. */}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {formatShortDate(invoice.created_at)}
                </span>
              </TableCell>
              <TableCell className="whitespace-nowrap max-sm:hidden">
                {formatShortDate(invoice.created_at)}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {formatMoney(invoice.amount, invoice.currency)}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <InvoiceStatus invoice={invoice} />
              </TableCell>
              {canDownload && (
                <TableCell className="text-right">
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
                      <span className="max-sm:sr-only">Download</span>
                      <span className="sr-only"> invoice {invoice.number}</span>
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
  if (invoice.status === 'paid') return <Badge variant="secondary">Paid</Badge>;
  if (invoice.status === 'failed') {
    return (
      <Badge variant="outline" className="border-destructive/40 bg-destructive/5 text-destructive">
        Payment failed
      </Badge>
    );
  }
  return (
    <span className="grid gap-0.5">
      <Badge variant="outline">Pending payment</Badge>
      {invoice.due_date && (
        <span className="text-xs text-muted-foreground">Due {formatShortDate(invoice.due_date)}</span>
      )}
    </span>
  );
}
