import type { ChangeEmailBody, Message } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** POST /auth/change-email: mails a confirmation link to the new address; nothing changes until it is opened. */
export const changeEmail = (body: ChangeEmailBody) =>
  apiFetch<Message>('/auth/change-email', { method: 'POST', body });

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
