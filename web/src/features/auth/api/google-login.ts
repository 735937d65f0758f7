import type { AuthResponse, GoogleLoginBody } from '@app/contract';

import { apiFetch } from '@/lib/api-client';

/** Signs in with `useSignIn(googleLogin)`. */
export const googleLogin = (body: GoogleLoginBody) =>
  apiFetch<AuthResponse>('/auth/google-login', { method: 'POST', body });
