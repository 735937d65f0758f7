import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getWebhookDeliveriesQueryOptions } from './get-webhook-deliveries';

/** POST /webhooks/{id}/test: queues a `ping` delivery to the endpoint and answers it (202). */
export const testWebhook = ({ tenantUuid, id }: { tenantUuid: string; id: string }) =>
  apiFetch('testWebhook', { params: { id }, tenantUuid });

export function useTestWebhook(tenantUuid: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => testWebhook({ tenantUuid, id: webhookId }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getWebhookDeliveriesQueryOptions(tenantUuid, webhookId).queryKey,
      }),
  });
}
