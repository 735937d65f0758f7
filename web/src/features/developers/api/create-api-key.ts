import type { CreateApiKeyBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getApiKeysQueryOptions } from './get-api-keys';

/** POST /api-keys: answers the key itself, which the server keeps only hashed and never shows again. */
export const createApiKey = ({ tenantUuid, body }: { tenantUuid: string; body: CreateApiKeyBody }) =>
  apiFetch('createApiKey', { body, tenantUuid });

export function useCreateApiKey(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey({ tenantUuid, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions(tenantUuid).queryKey }),
  });
}
