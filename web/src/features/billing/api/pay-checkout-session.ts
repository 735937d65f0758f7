import type { LocalPaymentBody, Subscription } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

import { getCheckoutSessionQueryOptions } from './get-checkout-session';

/** POST /payments/local/checkout/{id}/pay: the subscription it starts; a declined card answers 402. */
export const payCheckoutSession = ({
  sessionId,
  tenantUuid,
  body,
}: {
  sessionId: string;
  /** The session's team, whichever team this tab has selected. */
  tenantUuid: string;
  body: LocalPaymentBody;
}) =>
  apiFetch<Subscription>(`/payments/local/checkout/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    body,
    tenantUuid,
  });

export function usePayCheckoutSession(sessionId: string, tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocalPaymentBody) => payCheckoutSession({ sessionId, tenantUuid, body }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(tenantQueryKey(tenantUuid, 'subscription'), subscription);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantQueryKey(tenantUuid, 'invoices') }),
        queryClient.invalidateQueries({ queryKey: getCheckoutSessionQueryOptions(sessionId).queryKey }),
      ]);
    },
  });
}
