import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** GET /super-admin/metrics: the business at a glance (docs/contract.md section 4, Operators). */
export const getAdminMetrics = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('adminGetMetrics', { signal });

const getAdminMetricsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'metrics'],
    queryFn: ({ signal }) => getAdminMetrics({ signal }),
  });

export const useAdminMetrics = () => useQuery(getAdminMetricsQueryOptions());
