import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** GET /payments/local/checkout/{id}: what the local provider's checkout page charges for (contract billing.ts). */
export const getCheckoutSession = (sessionId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('getLocalCheckout', { params: { session_id: sessionId }, signal });

export const getCheckoutSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['payments', 'checkout-sessions', sessionId],
    queryFn: ({ signal }) => getCheckoutSession(sessionId, { signal }),
  });

export const useCheckoutSession = (sessionId: string) => useQuery(getCheckoutSessionQueryOptions(sessionId));
