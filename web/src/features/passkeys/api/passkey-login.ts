// On the sign-in page, whose JavaScript budget has no room for zod: contract types only, and the WebAuthn
// library loaded when the button is pressed.
import type { AuthResponse } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { publicFetch } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session-store';

/**
 * Signs in with a passkey: POST /auth/passkeys/login/options, the browser's prompt for any passkey of this site,
 * then POST /login/verify, which answers the same session as a password sign-in (docs/contract.md section 4).
 */
export async function passkeyLogin(): Promise<AuthResponse> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    publicFetch('passkeyLoginOptions'),
  ]);
  const assertion = await startAuthentication({ optionsJSON });
  return publicFetch('passkeyLoginVerify', {
    // The extension results as a plain object, which is what the contract reads (any JSON object), not the DOM's
    // interface type: the body sent is the same.
    body: { ...assertion, clientExtensionResults: { ...assertion.clientExtensionResults } },
  });
}

/** Stores the session a passkey sign-in answers with, as every sign-in does, then calls `onSuccess`. */
export const usePasskeyLogin = ({ onSuccess }: { onSuccess: () => void }) =>
  useMutation({
    mutationFn: passkeyLogin,
    onSuccess: (session) => {
      storeSession(session);
      onSuccess();
    },
  });
