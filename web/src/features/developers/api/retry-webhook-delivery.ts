import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getWebhookDeliveriesQueryOptions } from './get-webhook-deliveries';

type RetryWebhookDelivery = { tenantUuid: string; webhookId: string; deliveryId: string };

/** POST /webhooks/{id}/deliveries/{delivery_id}/retry: sends the delivery again, with the same webhook-id (202). */
export const retryWebhookDelivery = ({ tenantUuid, webhookId, deliveryId }: RetryWebhookDelivery) =>
  apiFetch('retryWebhookDelivery', { params: { id: webhookId, delivery_id: deliveryId }, tenantUuid });

export function useRetryWebhookDelivery(tenantUuid: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => retryWebhookDelivery({ tenantUuid, webhookId, deliveryId }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: getWebhookDeliveriesQueryOptions(tenantUuid, webhookId).queryKey,
      }),
  });
}
