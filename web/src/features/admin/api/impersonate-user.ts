import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { apiFetch } from '@/lib/api-client';
import { storeImpersonatedSession } from '@/lib/session/session-store';

import { operatorAuditQueryKey } from './get-operator-audit';

/**
 * POST /super-admin/users/{uuid}/impersonate: a session of that account for the operator, whose access token names
 * them in `act` and lasts at most 30 minutes (docs/contract.md section 4, Operators).
 */
export const impersonateUser = (userId: string) => apiFetch('adminImpersonate', { params: { uuid: userId } });

/** "View as": sets the operator's session aside, signs in as the account and opens its dashboard. */
export function useImpersonateUser(userId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => impersonateUser(userId),
    onSuccess: (auth) => {
      // The start is recorded: the audit list is stale when the operator comes back.
      queryClient.removeQueries({ queryKey: operatorAuditQueryKey });
      storeImpersonatedSession(auth, userId);
      void navigate(paths.app.dashboard.getHref(), { replace: true });
    },
  });
}
