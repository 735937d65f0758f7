import type { ResetRequestBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { publicFetch } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

/** The reset-request form's resolver: the request's own schema (input-schemas.ts). */
export const requestPasswordResetResolver = lazyZodResolver(() =>
  import('@/features/auth/api/input-schemas').then((schemas) => schemas.requestPasswordResetInputSchema),
);

/** The answer is the same whether or not the email has an account. */
export const requestPasswordReset = (body: ResetRequestBody) => publicFetch('requestPasswordReset', { body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
