import type { UpdateTeamSecurityBody } from '@app/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { getTenantQueryOptions } from '@/lib/session/get-tenant';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** GET /tenant/security: the team's rules and whom they reach. */
export const getTeamSecurity = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('getTeamSecurity', { signal, tenantUuid });

export const getTeamSecurityQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'security'),
    queryFn: ({ signal }) => getTeamSecurity(tenantUuid, { signal }),
  });

export const useTeamSecurity = (tenantUuid: string) => useQuery(getTeamSecurityQueryOptions(tenantUuid));

/** PATCH /tenant/security: turns a rule on or off. */
export const updateTeamSecurity = ({
  tenantUuid,
  body,
}: {
  tenantUuid: string;
  body: UpdateTeamSecurityBody;
}) => apiFetch('updateTeamSecurity', { body, tenantUuid });

export function useUpdateTeamSecurity(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTeamSecurityBody) => updateTeamSecurity({ tenantUuid, body }),
    onSuccess: async (security) => {
      queryClient.setQueryData(getTeamSecurityQueryOptions(tenantUuid).queryKey, security);
      // GET /tenant reports the rules too.
      await queryClient.invalidateQueries({ queryKey: getTenantQueryOptions(tenantUuid).queryKey });
    },
  });
}
