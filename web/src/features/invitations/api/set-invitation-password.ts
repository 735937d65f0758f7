import type { SetInvitationPasswordBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '@/lib/api-client';
import { newPasswordFields, requireMatchingPasswords } from '@/lib/password-confirmation';

/** The registration password rules, with the confirmation (docs/spec.md section 5). */
export const setInvitationPasswordInputSchema = z
  .object(newPasswordFields)
  .superRefine(requireMatchingPasswords);

/** Lets an account created by the invitation choose its first password, once. */
export const setInvitationPassword = ({ token, body }: { token: string; body: SetInvitationPasswordBody }) =>
  apiFetch('setInvitationPassword', { params: { token }, body });

export function useSetInvitationPassword() {
  return useMutation({ mutationFn: setInvitationPassword });
}
