import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

type GetPendingInvitationsOptions = { cursor?: string | null; signal?: AbortSignal };

/** GET /invitations: one page of the team's pending invitations, newest first (docs/contract.md section 4; admins and the owner). */
export const getPendingInvitations = (
  tenantUuid: string,
  { cursor, signal }: GetPendingInvitationsOptions = {},
) => apiFetchPage('listInvitations', { cursor, signal, tenantUuid });

export const getPendingInvitationsQueryOptions = (tenantUuid: string) =>
  infiniteQueryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'invitations'),
    queryFn: ({ pageParam, signal }) => getPendingInvitations(tenantUuid, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const usePendingInvitations = (tenantUuid: string) =>
  useInfiniteQuery(getPendingInvitationsQueryOptions(tenantUuid));
