import type { PendingInvitation } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getPendingInvitationsQueryOptions } from './get-pending-invitations';

/**
 * POST /invitations/{uuid}/resend: mails a fresh link and kills the old one; the 7 days start again
 * (docs/contract.md section 4).
 */
export const resendInvitation = ({ tenantUuid, uuid }: { tenantUuid: string; uuid: string }) =>
  apiFetch('resendInvitation', { params: { uuid }, tenantUuid });

export function useResendInvitation(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) => resendInvitation({ tenantUuid, uuid: invitation.uuid }),
    // The new expiry shows in the list.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getPendingInvitationsQueryOptions(tenantUuid).queryKey }),
  });
}
