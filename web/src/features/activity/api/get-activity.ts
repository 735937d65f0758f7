import type { ActivityAction } from '@app/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

type GetActivityOptions = { action?: ActivityAction; cursor?: string | null; signal?: AbortSignal };

/** GET /activity: one page of the team's log, newest first, of one action if given (docs/contract.md section 4). */
export const getActivity = (tenantUuid: string, { action, cursor, signal }: GetActivityOptions = {}) =>
  apiFetchPage('listActivity', { cursor, signal, tenantUuid, query: { action } });

export const getActivityQueryOptions = (tenantUuid: string, action?: ActivityAction) =>
  infiniteQueryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'activity', action ?? 'all'),
    queryFn: ({ pageParam, signal }) => getActivity(tenantUuid, { action, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The rows of the previous filter stay, dimmed, while another filter's first page loads. */
export const useActivity = (tenantUuid: string, action?: ActivityAction) =>
  useInfiniteQuery({ ...getActivityQueryOptions(tenantUuid, action), placeholderData: keepPreviousData });
