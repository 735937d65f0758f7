import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { adminUsersQueryKey } from './get-admin-users';
import { getAdminUserQueryOptions } from './get-admin-user';
import { operatorAuditQueryKey } from './get-operator-audit';

/** POST /super-admin/users/{uuid}/suspend (204, docs/contract.md section 4, Operators). */
export const suspendUser = (userId: string) =>
  apiFetch<void>(`/super-admin/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST' });

/** Suspends the account, then reloads its page, the users lists and the operators' audit list that record it. */
export function useSuspendUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => suspendUser(userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminUserQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: operatorAuditQueryKey }),
      ]),
  });
}
