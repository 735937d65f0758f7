import type { PendingInvitation } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { usageQueryKey } from '@/lib/session/tenant-query-key';

import { getPendingInvitationsQueryOptions } from './get-pending-invitations';

/** DELETE /invitations/{uuid}: the invitation's link stops working (docs/contract.md section 4). */
export const revokeInvitation = ({ tenantUuid, uuid }: { tenantUuid: string; uuid: string }) =>
  apiFetch('revokeInvitation', { params: { uuid }, tenantUuid });

export function useRevokeInvitation(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) => revokeInvitation({ tenantUuid, uuid: invitation.uuid }),
    // Settles once the list has been read again, so the row and the confirmation go together.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getPendingInvitationsQueryOptions(tenantUuid).queryKey }),
        // The revoked invitation's seat is free again.
        queryClient.invalidateQueries({ queryKey: usageQueryKey(tenantUuid) }),
      ]),
  });
}
