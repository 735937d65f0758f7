import type { ResetConfirmBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { publicFetch } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

/** The new-password form's resolver: a confirmed new password (input-schemas.ts); the token comes from the link. */
export const confirmPasswordResetResolver = lazyZodResolver(() =>
  import('@/features/auth/api/input-schemas').then((schemas) => schemas.confirmPasswordResetInputSchema),
);

export const confirmPasswordReset = (body: ResetConfirmBody) => publicFetch('confirmPasswordReset', { body });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
