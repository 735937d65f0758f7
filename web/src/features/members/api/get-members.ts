import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

type GetMembersOptions = { cursor?: string | null; signal?: AbortSignal };

/** GET /members: one page of the team's members (docs/contract.md section 3). */
export const getMembers = (tenantUuid: string, { cursor, signal }: GetMembersOptions = {}) =>
  apiFetchPage('listMembers', { cursor, signal, tenantUuid });

export const getMembersQueryOptions = (tenantUuid: string) =>
  infiniteQueryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'members'),
    queryFn: ({ pageParam, signal }) => getMembers(tenantUuid, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useMembers = (tenantUuid: string) => useInfiniteQuery(getMembersQueryOptions(tenantUuid));
