import { ResetRequestBodySchema, type Message, type ResetRequestBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

export const requestPasswordResetInputSchema = ResetRequestBodySchema;

/** The answer is the same whether or not the email has an account. */
export const requestPasswordReset = (body: ResetRequestBody) =>
  apiFetch<Message>('/auth/reset-password/request', { method: 'POST', body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
