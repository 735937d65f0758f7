import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { usageQueryKey } from '@/lib/session/tenant-query-key';

/** GET /tenant/usage: the team's members (pending invitations included) and items against its plan's limits. */
export const getUsage = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('getUsage', { signal, tenantUuid });

export const getUsageQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: usageQueryKey(tenantUuid),
    queryFn: ({ signal }) => getUsage(tenantUuid, { signal }),
  });

export const useUsage = (tenantUuid: string) => useQuery(getUsageQueryOptions(tenantUuid));

/** The limit a team has reached (what the next addition would be refused with), else null. */
export function reachedLimit(meter: { used: number; limit: number | null } | undefined): number | null {
  return meter && meter.limit !== null && meter.used >= meter.limit ? meter.limit : null;
}
