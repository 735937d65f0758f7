import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { invalidateSecurity } from './get-domains';

/** POST /domains/{id}/verify: the server looks the TXT record up; 400 while it is not there. */
export const verifyDomain = ({ tenantUuid, id }: { tenantUuid: string; id: string }) =>
  apiFetch('verifyDomain', { params: { id }, tenantUuid });

export function useVerifyDomain(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => verifyDomain({ tenantUuid, id }),
    // The SSO card's status and the rules' reach follow a verified domain.
    onSuccess: () => invalidateSecurity(queryClient, tenantUuid),
  });
}
