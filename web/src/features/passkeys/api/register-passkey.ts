import type { Passkey, PasskeyRegistrationOptions } from '@app/contract';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getPasskeysQueryOptions } from '@/features/passkeys/api/get-passkeys';

/**
 * Adds a passkey: POST /auth/passkeys/register/options, the browser's prompt, then POST /register/verify with
 * what the authenticator answered. The server names it after this browser.
 */
export async function registerPasskey(): Promise<Passkey> {
  const optionsJSON = await apiFetch<PasskeyRegistrationOptions>('/auth/passkeys/register/options', {
    method: 'POST',
  });
  const registration = await startRegistration({ optionsJSON });
  return apiFetch<Passkey>('/auth/passkeys/register/verify', {
    method: 'POST',
    body: registration,
  });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPasskeysQueryOptions().queryKey }),
  });
}
