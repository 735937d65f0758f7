import type { CreateWebhookBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getWebhooksQueryOptions } from './get-webhooks';

/** POST /webhooks: answers the endpoint with its signing secret, shown only in this answer. */
export const createWebhook = ({ tenantUuid, body }: { tenantUuid: string; body: CreateWebhookBody }) =>
  apiFetch('createWebhook', { body, tenantUuid });

export function useCreateWebhook(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => createWebhook({ tenantUuid, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getWebhooksQueryOptions(tenantUuid).queryKey }),
  });
}
