import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { apiFetch } from '@/lib/api-client';
import { readOperatorSession } from '@/lib/session/operator-session';
import { endImpersonation, endSession, takeOperatorReturn } from '@/lib/session/session-store';

/**
 * POST /auth/impersonation/stop with the viewed account's token: ends that session and records the stop (204,
 * docs/contract.md section 4, Operators).
 */
export const stopImpersonation = () => apiFetch('stopImpersonation');

/**
 * "Stop" (and Logout while viewing as someone): ends the viewed session on the server, then brings the operator's own
 * session back and returns to the viewed account's admin page. The operator's session comes back whatever the server
 * answers: a viewed session that already expired cannot be stopped, and must not strand the operator.
 */
export function useStopImpersonation() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const viewedUserUuid = readOperatorSession()?.viewedUserUuid ?? null;
      await stopImpersonation().catch(() => {});
      // A refused refresh during the call may already have brought the operator's session back.
      return endImpersonation() ?? takeOperatorReturn() ?? viewedUserUuid;
    },
    onSuccess: (returnTo) => {
      if (returnTo === null) {
        // No operator session was set aside (storage cleared by hand): the viewed session ends like a sign-out.
        endSession();
        void navigate(paths.auth.login.getHref(), { replace: true });
        return;
      }
      void navigate(paths.admin.user.getHref(returnTo), { replace: true });
    },
  });
}
