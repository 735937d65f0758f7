import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { openInNewTab } from '@/features/billing/utils/open-in-new-tab';
import { useTranslation } from '@/lib/i18n/translation';

/** GET /payments/invoices/{id}/download: where the invoice's PDF is (admins and the owner, docs/contract.md section 3). */
export const getInvoiceDownload = ({ tenantUuid, invoiceId }: { tenantUuid: string; invoiceId: string }) =>
  apiFetch('getInvoiceDownloadLink', { params: { id: invoiceId }, tenantUuid });

/** Opens the invoice in a new tab (docs/spec.md section 7). */
export function useDownloadInvoice(tenantUuid: string) {
  const { t } = useTranslation('billing');
  return useMutation({
    mutationFn: (invoiceId: string) =>
      openInNewTab(
        async () => (await getInvoiceDownload({ tenantUuid, invoiceId })).download_url,
        t('newTab.preparingInvoice'),
      ),
  });
}
