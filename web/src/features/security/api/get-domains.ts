import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

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

/** After a domain changes: the domains, and what stands on them (the SSO card's status, the rules' reach). */
export const invalidateSecurity = (queryClient: QueryClient, tenantUuid: string) =>
  Promise.all(
    (['domains', 'sso', 'security'] as const).map((part) =>
      queryClient.invalidateQueries({ queryKey: tenantQueryKey(tenantUuid, part) }),
    ),
  );
