import { RegisterBodySchema, type AuthResponse, type RegisterBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session-store';

import { newPasswordFields, requireMatchingPasswords } from './new-password-fields';

export const registerInputSchema = RegisterBodySchema.pick({ email: true })
  .extend(newPasswordFields)
  .superRefine(requireMatchingPasswords);

export const register = (body: RegisterBody) =>
  apiFetch<AuthResponse>('/auth/register', { method: 'POST', body });

export function useRegister({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => {
      storeSession(session);
      onSuccess?.();
    },
  });
}
