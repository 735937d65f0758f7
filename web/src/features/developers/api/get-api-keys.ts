import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** GET /api-keys: the team's live API keys (at most MAX_API_KEYS, so one answer, docs/contract.md section 4). */
export const getApiKeys = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('listApiKeys', { signal, tenantUuid });

export const getApiKeysQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'api-keys'),
    queryFn: ({ signal }) => getApiKeys(tenantUuid, { signal }),
  });

export const useApiKeys = (tenantUuid: string) => useQuery(getApiKeysQueryOptions(tenantUuid));
