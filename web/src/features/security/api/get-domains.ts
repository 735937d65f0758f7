import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** GET /domains: the team's domains (at most MAX_TEAM_DOMAINS, so one answer), each with the TXT record that proves it. */
export const getDomains = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('listDomains', { signal, tenantUuid });

export const getDomainsQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'domains'),
    queryFn: ({ signal }) => getDomains(tenantUuid, { signal }),
  });

export const useDomains = (tenantUuid: string) => useQuery(getDomainsQueryOptions(tenantUuid));
