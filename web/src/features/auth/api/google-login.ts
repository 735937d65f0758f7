import type { AuthResponse, GoogleLoginBody } from '@app/contract';

import { publicFetch } from '@/lib/api-client';

/** Signs in with `useSignIn(googleLogin)`. */
export const googleLogin = (body: GoogleLoginBody) =>
  publicFetch<AuthResponse>('/auth/google-login', { method: 'POST', body });
