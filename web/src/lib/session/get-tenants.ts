import type { Tenant } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** GET /tenants: the signed-in user's teams with their role in each (SPEC section 7). */
export const getTenants = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<Tenant[]>('/tenants', { signal });

// Not under ['tenants', …]: the list is the user's, not one team's, and invalidating it must not
// invalidate every team's data.
export const getTenantsQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'tenants'], queryFn: getTenants });

export const useTenants = () => useQuery(getTenantsQueryOptions());
