import type { UpdateWebhookBody, Webhook } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getWebhooksQueryOptions } from './get-webhooks';

type UpdateWebhook = { tenantUuid: string; id: string; body: UpdateWebhookBody };

/** PATCH /webhooks/{id}: only the fields given change (here: turning the endpoint on or off). */
export const updateWebhook = ({ tenantUuid, id, body }: UpdateWebhook) =>
  apiFetch('updateWebhook', { params: { id }, body, tenantUuid });

/** The answer replaces the endpoint in the list at once, so a switch never flips back while the list reloads. */
export function useUpdateWebhook(tenantUuid: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getWebhooksQueryOptions(tenantUuid);
  return useMutation({
    mutationFn: ({ id, body }: Omit<UpdateWebhook, 'tenantUuid'>) => updateWebhook({ tenantUuid, id, body }),
    onSuccess: (updated: Webhook) =>
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((webhook) => (webhook.id === updated.id ? updated : webhook)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
