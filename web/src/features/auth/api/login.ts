import { LoginBodySchema, type AuthResponse, type LoginBody } from '@app/contract';

import { apiFetch } from '@/lib/api-client';

/** The sign-in form validates with the request's own schema: email trimmed, password required. */
export const loginInputSchema = LoginBodySchema;

/** Signs in with `useSignIn(login)`. */
export const login = (body: LoginBody) => apiFetch<AuthResponse>('/auth/login', { method: 'POST', body });
