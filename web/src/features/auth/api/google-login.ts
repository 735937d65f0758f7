import type { GoogleLoginBody, SignInResponse } from '@app/contract';

import { publicFetch } from '@/lib/api-client';

/** Signs in with `useSignIn(googleLogin)`. */
export const googleLogin = (body: GoogleLoginBody) =>
  publicFetch<SignInResponse>('/auth/google-login', { method: 'POST', body });
