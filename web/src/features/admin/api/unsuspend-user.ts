import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { adminUsersQueryKey } from './get-admin-users';
import { getAdminUserQueryOptions } from './get-admin-user';
import { operatorAuditQueryKey } from './get-operator-audit';

/** POST /super-admin/users/{uuid}/unsuspend (204, docs/contract.md section 4, Operators). */
export const unsuspendUser = (userId: string) =>
  apiFetch<void>(`/super-admin/users/${encodeURIComponent(userId)}/unsuspend`, { method: 'POST' });

/** Unsuspends the account, then reloads its page, the users lists and the operators' audit list that record it. */
export function useUnsuspendUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsuspendUser(userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminUserQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: operatorAuditQueryKey }),
      ]),
  });
}
