import { useMutation, useQueryClient } from '@tanstack/react-query';

import { publicFetch } from '@/lib/api-client';
import { getTenantsQueryOptions } from '@/lib/session/get-tenants';
import { selectTenant } from '@/lib/session/selected-tenant';
import { endSession, storeSession } from '@/lib/session/session-store';

/**
 * Spends the single-use invitation token (docs/spec.md section 7); the answer signs the invited account in.
 *
 * Accepting an invitation is open to anyone and signs in as the invited account whoever was signed in
 * before: the old session's token has no part in it, and must not be refreshed or ended by it.
 */
export const acceptInvitation = (token: string) => publicFetch('acceptInvitation', { params: { token } });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (acceptance) => {
      // With two-factor on, the account joined but signs in by the second step (the page opens it); whoever was
      // signed in here before is signed out of this browser, as a completed acceptance would replace them.
      if ('mfa_required' in acceptance) endSession();
      else storeSession(acceptance);
      // The app then opens on the team just joined, which a list loaded before joining lacks.
      selectTenant(acceptance.tenant_uuid);
      queryClient.removeQueries({ queryKey: getTenantsQueryOptions().queryKey });
    },
  });
}
