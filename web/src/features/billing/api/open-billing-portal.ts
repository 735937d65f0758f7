import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { openInNewTab } from '@/features/billing/utils/open-in-new-tab';

/** POST /payments/portal: the provider's billing portal for the team (admins and the owner). */
export const openBillingPortal = ({ tenantUuid }: { tenantUuid: string }) =>
  apiFetch('createPortal', { tenantUuid });

export const useOpenBillingPortal = (tenantUuid: string) =>
  useMutation({
    mutationFn: () =>
      openInNewTab(async () => (await openBillingPortal({ tenantUuid })).url, 'Opening the billing portal…'),
  });
