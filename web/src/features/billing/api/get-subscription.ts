import type { Subscription } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** GET /payments/subscription: the team's subscription, or null when it never had one (a 404, docs/spec.md section 7). */
export async function getSubscription(
  tenantUuid: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Subscription | null> {
  try {
    return await apiFetch('getSubscription', { signal, tenantUuid });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const getSubscriptionQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'subscription'),
    queryFn: ({ signal }) => getSubscription(tenantUuid, { signal }),
  });

/**
 * Loaded while a team is selected and empty when none is (docs/spec.md section 4). `fresh` reads it again whenever the
 * caller mounts: a per-seat subscription's quantity changes as members join or leave, by anyone's hand.
 */
export const useSubscription = (tenantUuid: string | undefined, { fresh = false } = {}) =>
  useQuery({
    ...getSubscriptionQueryOptions(tenantUuid ?? ''),
    enabled: !!tenantUuid,
    ...(fresh && { refetchOnMount: 'always' as const }),
  });
