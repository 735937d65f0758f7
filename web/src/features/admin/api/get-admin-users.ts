import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';

type GetAdminUsersOptions = { q?: string; cursor?: string | null; signal?: AbortSignal };

/** GET /super-admin/users: one page of every account, searched by email with `q` (docs/contract.md section 4). */
export const getAdminUsers = ({ q, cursor, signal }: GetAdminUsersOptions = {}) =>
  apiFetchPage('adminListUsers', { cursor, signal, query: { q } });

/** Every cached users list, whatever its search: a suspension changes a row of any of them. */
export const adminUsersQueryKey = ['admin', 'users', 'list'] as const;

const getAdminUsersQueryOptions = (q = '') =>
  infiniteQueryOptions({
    queryKey: [...adminUsersQueryKey, { q }],
    queryFn: ({ pageParam, signal }) => getAdminUsers({ q, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** While a new search loads, the previous results stay on screen instead of a spinner. */
export const useAdminUsers = (q: string) =>
  useInfiniteQuery({ ...getAdminUsersQueryOptions(q), placeholderData: keepPreviousData });
