import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { getInvoicesQueryOptions } from '@/features/billing/api/get-invoices';
import { getSubscriptionQueryOptions } from '@/features/billing/api/get-subscription';
import { getUpcomingInvoiceQueryOptions } from '@/features/billing/api/get-upcoming-invoice';
import { getUsageQueryOptions } from '@/features/billing/api/get-usage';

/**
 * Checkout and the portal run in another tab (docs/spec.md section 7): when the user comes back to this one, the
 * team's subscription, invoices (the next one too) and usage are read again. Both events are heard because switching
 * between two windows changes focus without hiding either.
 */
export function useRefreshOnReturn(tenantUuid: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!tenantUuid) return;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      // Focus and visibility often arrive together: a refresh under way is not restarted.
      const options = { cancelRefetch: false } as const;
      void queryClient.invalidateQueries(
        { queryKey: getSubscriptionQueryOptions(tenantUuid).queryKey },
        options,
      );
      void queryClient.invalidateQueries({ queryKey: getInvoicesQueryOptions(tenantUuid).queryKey }, options);
      void queryClient.invalidateQueries(
        { queryKey: getUpcomingInvoiceQueryOptions(tenantUuid).queryKey },
        options,
      );
      // A new plan brings new limits.
      void queryClient.invalidateQueries({ queryKey: getUsageQueryOptions(tenantUuid).queryKey }, options);
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [queryClient, tenantUuid]);
}
