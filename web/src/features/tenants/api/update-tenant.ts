import type { UpdateTenantBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { getTenantQueryOptions } from '@/lib/session/get-tenant';
import { getTenantsQueryOptions } from '@/lib/session/get-tenants';

type UpdateTenantInput = { tenantUuid: string; body: UpdateTenantBody };

/** PUT /tenant: the team is the X-TENANT-UUID header, not the path (docs/spec.md section 7). */
export const updateTenant = ({ tenantUuid, body }: UpdateTenantInput) =>
  apiFetch('updateTenant', { body, tenantUuid });

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSuccess: async (tenant) => {
      // PUT /tenant answers the team without its rules, which it does not change.
      queryClient.setQueryData(
        getTenantQueryOptions(tenant.uuid).queryKey,
        (old) => old && { ...old, ...tenant },
      );
      // The switcher shows the name from the list.
      await queryClient.invalidateQueries({ queryKey: getTenantsQueryOptions().queryKey });
    },
  });
}
