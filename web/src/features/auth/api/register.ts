import { RegisterBodySchema, type AuthResponse, type RegisterBody } from '@app/contract';

import { apiFetch } from '@/lib/api-client';

import { newPasswordFields, requireMatchingPasswords } from '@/lib/password-confirmation';

export const registerInputSchema = RegisterBodySchema.pick({ email: true })
  .extend(newPasswordFields)
  .superRefine(requireMatchingPasswords);

/** Signs in with `useSignIn(register)`. */
export const register = (body: RegisterBody) =>
  apiFetch<AuthResponse>('/auth/register', { method: 'POST', body });
