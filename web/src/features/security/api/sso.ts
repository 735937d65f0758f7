import type { SaveSsoBody } from '@app/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { noneWhen } from '@/lib/api-error';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** GET /sso: the team's provider; null when it has none (404 sso_not_found). */
export const getSso = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  noneWhen('sso_not_found', apiFetch('getSso', { signal, tenantUuid }));

export const getSsoQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'sso'),
    queryFn: ({ signal }) => getSso(tenantUuid, { signal }),
  });

export const useSso = (tenantUuid: string) => useQuery(getSsoQueryOptions(tenantUuid));

/** PUT /sso: the server reads the provider's discovery document before it saves. */
export const saveSso = ({ tenantUuid, body }: { tenantUuid: string; body: SaveSsoBody }) =>
  apiFetch('saveSso', { body, tenantUuid });

export const removeSso = ({ tenantUuid }: { tenantUuid: string }) => apiFetch('removeSso', { tenantUuid });

export function useSaveSso(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSsoBody) => saveSso({ tenantUuid, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(getSsoQueryOptions(tenantUuid).queryKey, saved);
      // Whether require_sso can be turned on follows.
      await queryClient.invalidateQueries({ queryKey: tenantQueryKey(tenantUuid, 'security') });
    },
  });
}

export function useRemoveSso(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeSso({ tenantUuid }),
    onSuccess: async () => {
      queryClient.setQueryData(getSsoQueryOptions(tenantUuid).queryKey, null);
      // Removing it turns require_sso off.
      await queryClient.invalidateQueries({ queryKey: tenantQueryKey(tenantUuid, 'security') });
    },
  });
}
