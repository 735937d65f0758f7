import type { EmailChanged } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch, publicFetch } from '@/lib/api-client';
import { getSession, storeSessionEmail } from '@/lib/session/session-store';

/**
 * GET /auth/confirm-email-change: spends the link's single-use token. It is public (the link may be opened in any
 * browser); a signed-in browser sends its token, so that its own session stays when it is the same account's.
 */
export const confirmEmailChange = (token: string) =>
  publicFetch('confirmEmailChange', { query: { token }, withSessionToken: true });

/** When this browser's session is the account that moved, it shows the new address from now on. */
async function followEmailChange({ email }: EmailChanged) {
  if (getSession().status !== 'authenticated') return;
  try {
    const me = await apiFetch('getMe');
    if (me.email === email) storeSessionEmail(email);
  } catch {
    // Another account's session, or one the change ended: the answer already said what happened.
  }
}

export const useConfirmEmailChange = () =>
  useMutation({ mutationFn: confirmEmailChange, onSuccess: followEmailChange });
