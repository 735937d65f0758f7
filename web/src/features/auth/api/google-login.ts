import type { AuthResponse, GoogleLoginBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session-store';

export const googleLogin = (body: GoogleLoginBody) =>
  apiFetch<AuthResponse>('/auth/google-login', { method: 'POST', body });

export function useGoogleLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: googleLogin,
    onSuccess: (session) => {
      storeSession(session);
      onSuccess?.();
    },
  });
}
