import type { ChangeEmailBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** POST /auth/change-email: mails a confirmation link to the new address; nothing changes until it is opened. */
export const changeEmail = (body: ChangeEmailBody) => apiFetch('changeEmail', { body });

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
