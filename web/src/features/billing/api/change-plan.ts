import type { ChangePlanBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getInvoicesQueryOptions } from './get-invoices';
import { getSubscriptionQueryOptions } from './get-subscription';

/** POST /payments/local/portal/change-plan: another plan or interval for the team's subscription. */
export const changePlan = ({ tenantUuid, body }: { tenantUuid: string; body: ChangePlanBody }) =>
  apiFetch('changeLocalPlan', { body, tenantUuid });

export function useChangePlan(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePlanBody) => changePlan({ tenantUuid, body }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(getSubscriptionQueryOptions(tenantUuid).queryKey, subscription);
      // A prorated change may bill at once.
      return queryClient.invalidateQueries({ queryKey: getInvoicesQueryOptions(tenantUuid).queryKey });
    },
  });
}
