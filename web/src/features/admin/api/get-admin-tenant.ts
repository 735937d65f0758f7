import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** GET /super-admin/tenants/{id}: a team with its users and subscription. */
export const getAdminTenant = (tenantId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('adminGetTenant', { params: { id: tenantId }, signal });

const getAdminTenantQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['admin', 'tenants', 'detail', tenantId],
    queryFn: ({ signal }) => getAdminTenant(tenantId, { signal }),
  });

export const useAdminTenant = (tenantId: string) => useQuery(getAdminTenantQueryOptions(tenantId));
