import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getSubscriptionQueryOptions } from './get-subscription';

/** POST /payments/local/portal/cancel: the subscription ends at the end of the period already paid for. */
export const cancelSubscription = ({ tenantUuid }: { tenantUuid: string }) =>
  apiFetch('cancelLocalSubscription', { tenantUuid });

export function useCancelSubscription(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription({ tenantUuid }),
    onSuccess: (subscription) =>
      queryClient.setQueryData(getSubscriptionQueryOptions(tenantUuid).queryKey, subscription),
  });
}
