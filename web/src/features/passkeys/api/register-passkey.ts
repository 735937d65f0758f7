import type { Passkey } from '@app/contract';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { getPasskeysQueryOptions } from '@/features/passkeys/api/get-passkeys';
import { apiFetch } from '@/lib/api-client';
import { clearTeamRuleRefusal } from '@/lib/session/team-rule-refusal';

/**
 * Adds a passkey: POST /auth/passkeys/register/options, the browser's prompt, then POST /register/verify with
 * what the authenticator answered. The server names it after this browser.
 */
export async function registerPasskey(): Promise<Passkey> {
  const optionsJSON = await apiFetch('passkeyRegisterOptions');
  const registration = await startRegistration({ optionsJSON });
  return apiFetch('passkeyRegisterVerify', {
    // The extension results as a plain object, which is what the contract reads (any JSON object), not the DOM's
    // interface type: the body sent is the same.
    body: { ...registration, clientExtensionResults: { ...registration.clientExtensionResults } },
  });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    // The passkey just used proves a second factor in this session: a team that requires one lets it in again.
    onSuccess: clearTeamRuleRefusal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPasskeysQueryOptions().queryKey }),
  });
}
