import { LoginBodySchema, type AuthResponse, type LoginBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session-store';

/** The sign-in form validates with the request's own schema: email trimmed, password required. */
export const loginInputSchema = LoginBodySchema;

export const login = (body: LoginBody) => apiFetch<AuthResponse>('/auth/login', { method: 'POST', body });

export function useLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      storeSession(session);
      onSuccess?.();
    },
  });
}
