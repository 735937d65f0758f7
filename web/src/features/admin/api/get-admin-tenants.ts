import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';

type GetAdminTenantsOptions = { q?: string; cursor?: string | null; signal?: AbortSignal };

/** GET /super-admin/tenants: one page of every team, searched by name with `q` (docs/contract.md section 3). */
export const getAdminTenants = ({ q, cursor, signal }: GetAdminTenantsOptions = {}) =>
  apiFetchPage('adminListTenants', { cursor, signal, query: { q } });

const getAdminTenantsQueryOptions = (q = '') =>
  infiniteQueryOptions({
    queryKey: ['admin', 'tenants', 'list', { q }],
    queryFn: ({ pageParam, signal }) => getAdminTenants({ q, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** While a new search loads, the previous results stay on screen instead of a spinner. */
export const useAdminTenants = (q: string) =>
  useInfiniteQuery({ ...getAdminTenantsQueryOptions(q), placeholderData: keepPreviousData });
