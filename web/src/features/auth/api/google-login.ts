import type { GoogleLoginBody } from '@app/contract';

import { publicFetch } from '@/lib/api-client';

/** Signs in with `useSignIn(googleLogin)`. */
export const googleLogin = (body: GoogleLoginBody) => publicFetch('googleLogin', { body });
