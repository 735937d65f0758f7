import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getApiKeysQueryOptions } from './get-api-keys';

/** DELETE /api-keys/{id}: the key is refused (401) from its next request on. */
export const revokeApiKey = ({ tenantUuid, id }: { tenantUuid: string; id: string }) =>
  apiFetch('revokeApiKey', { params: { id }, tenantUuid });

export function useRevokeApiKey(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiKey({ tenantUuid, id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions(tenantUuid).queryKey }),
  });
}
