import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { openInNewTab } from '@/features/billing/utils/open-in-new-tab';

/** GET /payments/invoices/{id}/download: where the invoice's PDF is (admins and the owner, docs/contract.md section 3). */
export const getInvoiceDownload = ({ tenantUuid, invoiceId }: { tenantUuid: string; invoiceId: string }) =>
  apiFetch('getInvoiceDownloadLink', { params: { id: invoiceId }, tenantUuid });

/** Opens the invoice in a new tab (docs/spec.md section 7). */
export const useDownloadInvoice = (tenantUuid: string) =>
  useMutation({
    mutationFn: (invoiceId: string) =>
      openInNewTab(
        async () => (await getInvoiceDownload({ tenantUuid, invoiceId })).download_url,
        'Preparing your invoice… Once it has downloaded, you can close this tab.',
      ),
  });
