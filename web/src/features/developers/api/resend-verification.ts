import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/**
 * POST /auth/verify-email/resend: mails the signed-in account a new link that verifies its email address (400 when
 * it is verified already, 429 when too many were sent). Making API keys and webhook endpoints waits for it.
 */
export const resendVerification = () => apiFetch('resendVerification');

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
