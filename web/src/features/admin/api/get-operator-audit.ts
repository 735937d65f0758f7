import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';

type GetOperatorAuditOptions = { cursor?: string | null; signal?: AbortSignal };

/** GET /super-admin/audit: one page of what operators did to accounts, newest first (docs/contract.md section 4). */
export const getOperatorAudit = ({ cursor, signal }: GetOperatorAuditOptions = {}) =>
  apiFetchPage('adminListAudit', { cursor, signal });

export const operatorAuditQueryKey = ['admin', 'audit'] as const;

const getOperatorAuditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: operatorAuditQueryKey,
    queryFn: ({ pageParam, signal }) => getOperatorAudit({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useOperatorAudit = () => useInfiniteQuery(getOperatorAuditQueryOptions());
