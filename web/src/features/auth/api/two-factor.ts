import type { MfaVerifyBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { apiFetch, publicFetch } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session-store';
import { clearTeamRuleRefusal } from '@/lib/session/team-rule-refusal';

/** POST /auth/2fa/verify: the second step of a sign-in (docs/contract.md section 4). */
export const verifySecondStep = (body: MfaVerifyBody) => publicFetch('verifySecondFactor', { body });

/** Completes the sign-in: stores the session the code earned, then calls `onSuccess`. */
export const useVerifySecondStep = ({ onSuccess }: { onSuccess: () => void }) =>
  useMutation({
    mutationFn: verifySecondStep,
    onSuccess: (session) => {
      storeSession(session);
      onSuccess();
    },
  });

/** POST /auth/2fa/setup: a new secret to scan; two-factor stays off until a code of it is shown. */
export const setUpTwoFactor = () => apiFetch('setupTwoFactor');

/** POST /auth/2fa/enable: turns two-factor on and answers the recovery codes, once. */
export const enableTwoFactor = (code: string) => apiFetch('enableTwoFactor', { body: { code } });

/** POST /auth/2fa/disable: takes an authenticator or recovery code. */
export const disableTwoFactor = (code: string) => apiFetch('disableTwoFactor', { body: { code } });

export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor });

/** A change of the account's two-factor state: /auth/me says whether it is on. */
function useTwoFactorChange<T>(mutationFn: (code: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}

/** Turning two-factor on proves it in this session too: a team that requires it lets the session in again. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: async () => {
      clearTeamRuleRefusal();
      await queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
    },
  });
}
export const useDisableTwoFactor = () => useTwoFactorChange(disableTwoFactor);
