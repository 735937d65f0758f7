import type { LocalPaymentBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

import { getCheckoutSessionQueryOptions } from './get-checkout-session';

/** POST /payments/local/checkout/{id}/pay: the subscription it starts; a declined card answers 402. */
export const payCheckoutSession = ({ sessionId, body }: { sessionId: string; body: LocalPaymentBody }) =>
  apiFetch('payLocalCheckout', { params: { session_id: sessionId }, body });

/** `tenantUuid`: the session's team, whose subscription and invoices it changes, whichever team this tab has selected. */
export function usePayCheckoutSession(sessionId: string, tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocalPaymentBody) => payCheckoutSession({ sessionId, body }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(tenantQueryKey(tenantUuid, 'subscription'), subscription);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantQueryKey(tenantUuid, 'invoices') }),
        queryClient.invalidateQueries({ queryKey: getCheckoutSessionQueryOptions(sessionId).queryKey }),
      ]);
    },
  });
}
