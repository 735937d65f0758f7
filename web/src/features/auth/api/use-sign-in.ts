/** The mutation of every request that answers with a session (login, registration, Google sign-in). */
import type { AuthResponse, SignInResponse } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import type { SecondStepState } from '@/lib/session/second-step';
import { storeSession } from '@/lib/session/session-store';

/**
 * Runs `mutationFn` and stores the session it answers with, then calls `onSuccess`; when it answers the second step
 * of a two-factor sign-in instead, opens that step's page.
 */
export function useSignIn<TBody>(
  mutationFn: (body: TBody) => Promise<SignInResponse | AuthResponse>,
  { onSuccess }: { onSuccess?: () => void } = {},
) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      if ('mfa_required' in answer) {
        const state: SecondStepState = { mfaToken: answer.mfa_token };
        void navigate(paths.auth.twoFactor.getHref(), { state });
        return;
      }
      storeSession(answer);
      onSuccess?.();
    },
  });
}
