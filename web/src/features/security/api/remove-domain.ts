import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { invalidateSecurity } from './get-domains';

/** DELETE /domains/{id}: a verified domain is then free for another team to verify. */
export const removeDomain = ({ tenantUuid, id }: { tenantUuid: string; id: string }) =>
  apiFetch('removeDomain', { params: { id }, tenantUuid });

export function useRemoveDomain(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeDomain({ tenantUuid, id }),
    // The SSO card's status and the rules' reach follow the domains.
    onSettled: () => invalidateSecurity(queryClient, tenantUuid),
  });
}
