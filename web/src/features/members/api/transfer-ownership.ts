import type { TransferOwnershipBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { getTenantsQueryOptions } from '@/lib/session/get-tenants';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/** POST /tenant/transfer-ownership: owner only; the old owner becomes an admin. */
export const transferOwnership = ({
  tenantUuid,
  body,
}: {
  tenantUuid: string;
  body: TransferOwnershipBody;
}) => apiFetch('transferOwnership', { body, tenantUuid });

export function useTransferOwnership(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferOwnershipBody) => transferOwnership({ tenantUuid, body }),
    // The user's own role changed: the team's details, its members and the list of teams all show it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantQueryKey(tenantUuid) }),
        queryClient.invalidateQueries({ queryKey: getTenantsQueryOptions().queryKey }),
      ]),
  });
}
