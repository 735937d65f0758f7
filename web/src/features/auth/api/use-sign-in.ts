/** The mutation of every request that answers with a session (login, registration, Google sign-in). */
import type { AuthResponse } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { storeSession } from '@/lib/session/session-store';

/** Runs `mutationFn`, stores the session it answers with, then calls `onSuccess`. */
export function useSignIn<TBody>(
  mutationFn: (body: TBody) => Promise<AuthResponse>,
  { onSuccess }: { onSuccess?: () => void } = {},
) {
  return useMutation({
    mutationFn,
    onSuccess: (session) => {
      storeSession(session);
      onSuccess?.();
    },
  });
}
