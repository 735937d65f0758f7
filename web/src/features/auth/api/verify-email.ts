import { useMutation } from '@tanstack/react-query';

import { publicFetch } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session-store';

/** Spends the single-use token of the verification mail; the answer signs the user in. */
export const verifyEmail = (token: string) => publicFetch('verifyEmail', { query: { token } });

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, onSuccess: storeSession });
}
