import type { LoginBody } from '@app/contract';

import { publicFetch } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

/** The sign-in form's resolver: the request's own schema (input-schemas.ts), fetched on demand. */
export const loginResolver = lazyZodResolver(() =>
  import('@/features/auth/api/input-schemas').then((schemas) => schemas.loginInputSchema),
);

/** Signs in with `useSignIn(login)`. */
export const login = (body: LoginBody) => publicFetch('login', { body });
