import type { Message, ResetConfirmBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '@/lib/api-client';

import { newPasswordFields, requireMatchingPasswords } from '@/lib/password-confirmation';

/** The token comes from the link, not the form; the new password follows the registration rules. */
export const confirmPasswordResetInputSchema = z
  .object(newPasswordFields)
  .superRefine(requireMatchingPasswords);

export const confirmPasswordReset = (body: ResetConfirmBody) =>
  apiFetch<Message>('/auth/reset-password/confirm', { method: 'POST', body });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
