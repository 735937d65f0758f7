import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { noneWhen } from '@/lib/api-error';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/**
 * GET /scim-token: when and by whom the team's token was made, never the token; null when it has none (404
 * scim_token_not_found).
 */
export const getScimToken = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  noneWhen('scim_token_not_found', apiFetch('getScimToken', { signal, tenantUuid }));

export const getScimTokenQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'scim-token'),
    queryFn: ({ signal }) => getScimToken(tenantUuid, { signal }),
  });

export const useScimToken = (tenantUuid: string) => useQuery(getScimTokenQueryOptions(tenantUuid));

/** POST /scim-token: the token, answered only here; it replaces the team's earlier one, which stops at once. */
export const createScimToken = ({ tenantUuid }: { tenantUuid: string }) =>
  apiFetch('createScimToken', { tenantUuid });

/** DELETE /scim-token: the directory is refused (401) from its next request on. */
export const revokeScimToken = ({ tenantUuid }: { tenantUuid: string }) =>
  apiFetch('revokeScimToken', { tenantUuid });

export function useCreateScimToken(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createScimToken({ tenantUuid }),
    // The answer holds the token: the cache drops it as soon as nothing shows it, instead of minutes later.
    gcTime: 0,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getScimTokenQueryOptions(tenantUuid).queryKey }),
  });
}

export function useRevokeScimToken(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeScimToken({ tenantUuid }),
    // Also after a failure: the token may have gone another way (its maker stopped being an admin).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getScimTokenQueryOptions(tenantUuid).queryKey }),
  });
}
