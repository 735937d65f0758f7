import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { openInNewTab } from '@/features/billing/utils/open-in-new-tab';
import { useTranslation } from '@/lib/i18n/translation';

/** POST /payments/portal: the provider's billing portal for the team (admins and the owner). */
export const openBillingPortal = ({ tenantUuid }: { tenantUuid: string }) =>
  apiFetch('createPortal', { tenantUuid });

export function useOpenBillingPortal(tenantUuid: string) {
  const { t } = useTranslation('billing');
  return useMutation({
    mutationFn: () =>
      openInNewTab(async () => (await openBillingPortal({ tenantUuid })).url, t('newTab.openingPortal')),
  });
}
