import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { adminUsersQueryKey } from './get-admin-users';
import { getAdminUserQueryOptions } from './get-admin-user';
import { operatorAuditQueryKey } from './get-operator-audit';

/** POST /super-admin/users/{uuid}/suspend or /unsuspend (204, docs/contract.md section 4, Operators). */
export const setSuspension = (userId: string, suspended: boolean) =>
  apiFetch(suspended ? 'adminSuspendUser' : 'adminUnsuspendUser', { params: { uuid: userId } });

/**
 * Suspends (`mutate(true)`) or unsuspends (`mutate(false)`) the account, then reloads its page, the users lists and
 * the operators' audit list that record it.
 */
export function useSetSuspension(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suspended: boolean) => setSuspension(userId, suspended),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminUserQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: operatorAuditQueryKey }),
      ]),
  });
}
