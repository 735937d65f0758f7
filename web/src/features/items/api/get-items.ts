import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

type GetItemsOptions = { cursor?: string | null; signal?: AbortSignal };

/** GET /items/: one page of the team's items, newest first (docs/contract.md section 3). */
export const getItems = (tenantUuid: string, { cursor, signal }: GetItemsOptions = {}) =>
  apiFetchPage('listItems', { cursor, signal, tenantUuid });

/** The pages loaded so far, under the team they belong to, so a team switch never shows another team's items. */
export const getItemsQueryOptions = (tenantUuid: string) =>
  infiniteQueryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'items'),
    queryFn: ({ pageParam, signal }) => getItems(tenantUuid, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useItems = (tenantUuid: string) => useInfiniteQuery(getItemsQueryOptions(tenantUuid));
