import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** GET /payments/invoices: one page of the team's invoices, newest first (docs/contract.md section 3 lists). */
export const getInvoices = (
  tenantUuid: string,
  { cursor, signal }: { cursor?: string | null; signal?: AbortSignal } = {},
) => apiFetchPage('listInvoices', { cursor, signal, tenantUuid });

export const getInvoicesQueryOptions = (tenantUuid: string) =>
  infiniteQueryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'invoices'),
    queryFn: ({ pageParam, signal }) => getInvoices(tenantUuid, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useInvoices = (tenantUuid: string) => useInfiniteQuery(getInvoicesQueryOptions(tenantUuid));
