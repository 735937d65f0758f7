import type { WebhookDelivery } from '@app/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage, type Page } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

type GetWebhookDeliveriesOptions = { cursor?: string | null; signal?: AbortSignal };

/** How often the list asks again while a delivery it shows is still pending: the worker sends it meanwhile. */
export const PENDING_REFRESH_MS = 2_000;

/** GET /webhooks/{id}/deliveries: one page of an endpoint's deliveries, newest first (keyset pages, X-Next-Cursor). */
export const getWebhookDeliveries = (
  tenantUuid: string,
  webhookId: string,
  { cursor, signal }: GetWebhookDeliveriesOptions = {},
) => apiFetchPage('listWebhookDeliveries', { params: { id: webhookId }, cursor, signal, tenantUuid });

export const getWebhookDeliveriesQueryOptions = (tenantUuid: string, webhookId: string) =>
  infiniteQueryOptions({
    // Not under the endpoints' key: refreshing the endpoints (a toggle) leaves every endpoint's pages alone.
    queryKey: tenantQueryKey(tenantUuid, 'webhook-deliveries', webhookId),
    queryFn: ({ pageParam, signal }) =>
      getWebhookDeliveries(tenantUuid, webhookId, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

const hasPending = (pages: Page<WebhookDelivery>[] | undefined) =>
  pages?.some((page) => page.items.some((delivery) => delivery.status === 'pending')) ?? false;

/** The pages loaded so far, asked again every PENDING_REFRESH_MS while one of them holds a pending delivery. */
export const useWebhookDeliveries = (tenantUuid: string, webhookId: string) =>
  useInfiniteQuery({
    ...getWebhookDeliveriesQueryOptions(tenantUuid, webhookId),
    refetchInterval: (query) => (hasPending(query.state.data?.pages) ? PENDING_REFRESH_MS : false),
  });
