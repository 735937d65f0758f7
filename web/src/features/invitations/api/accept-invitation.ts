import type { InvitationAcceptance } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { getTenantsQueryOptions } from '@/lib/session/get-tenants';
import { selectTenant } from '@/lib/session/selected-tenant';
import { storeSession } from '@/lib/session/session-store';

/** Spends the single-use invitation token (SPEC section 7); the answer signs the invited account in. */
export const acceptInvitation = (token: string) =>
  apiFetch<InvitationAcceptance>(`/invitations/${encodeURIComponent(token)}/accept`);

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (acceptance) => {
      storeSession(acceptance);
      // The app then opens on the team just joined (issue 4), which a list loaded before joining lacks.
      selectTenant(acceptance.tenant_uuid);
      queryClient.removeQueries({ queryKey: getTenantsQueryOptions().queryKey });
    },
  });
}
