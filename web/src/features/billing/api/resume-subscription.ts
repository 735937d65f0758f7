import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getSubscriptionQueryOptions } from './get-subscription';

/** POST /payments/local/portal/resume: a subscription set to cancel renews again. */
export const resumeSubscription = ({ tenantUuid }: { tenantUuid: string }) =>
  apiFetch('resumeLocalSubscription', { tenantUuid });

export function useResumeSubscription(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resumeSubscription({ tenantUuid }),
    onSuccess: (subscription) =>
      queryClient.setQueryData(getSubscriptionQueryOptions(tenantUuid).queryKey, subscription),
  });
}
