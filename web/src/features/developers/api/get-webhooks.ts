import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** GET /webhooks: the team's webhook endpoints (at most MAX_WEBHOOK_ENDPOINTS, so one answer). */
export const getWebhooks = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('listWebhooks', { signal, tenantUuid });

export const getWebhooksQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'webhooks'),
    queryFn: ({ signal }) => getWebhooks(tenantUuid, { signal }),
  });

export const useWebhooks = (tenantUuid: string) => useQuery(getWebhooksQueryOptions(tenantUuid));
