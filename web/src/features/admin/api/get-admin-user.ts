import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** GET /super-admin/users/{uuid}: an account with its teams (docs/contract.md section 4, Operators). */
export const getAdminUser = (userId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('adminGetUser', { params: { uuid: userId }, signal });

export const getAdminUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'users', 'detail', userId],
    queryFn: ({ signal }) => getAdminUser(userId, { signal }),
  });

export const useAdminUser = (userId: string) => useQuery(getAdminUserQueryOptions(userId));
