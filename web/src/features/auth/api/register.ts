import type { RegisterBody } from '@app/contract';

import { publicFetch } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

/** The sign-up form's resolver: the request's email and a confirmed new password (input-schemas.ts). */
export const registerResolver = lazyZodResolver(() =>
  import('@/features/auth/api/input-schemas').then((schemas) => schemas.registerInputSchema),
);

/** Signs in with `useSignIn(register)`. */
export const register = (body: RegisterBody) => publicFetch('register', { body });
