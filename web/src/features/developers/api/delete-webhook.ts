import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getWebhooksQueryOptions } from './get-webhooks';

/** DELETE /webhooks/{id}: the endpoint and its deliveries are gone; nothing more is sent to it. */
export const deleteWebhook = ({ tenantUuid, id }: { tenantUuid: string; id: string }) =>
  apiFetch('deleteWebhook', { params: { id }, tenantUuid });

export function useDeleteWebhook(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebhook({ tenantUuid, id }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getWebhooksQueryOptions(tenantUuid).queryKey }),
  });
}
