import type { UpdatePasswordBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '@/lib/api-client';

import { getMeQueryOptions } from './get-me';
import { getSessionsQueryOptions } from './sessions';
import { newPasswordFields, requireMatchingPasswords } from '@/lib/password-confirmation';
import { secondFactorCodeInput } from '@/lib/second-factor-code';

/**
 * docs/spec.md section 5: the current password is asked for only when the user has one (invited and Google users
 * have none, and send null); docs/contract.md section 4: a second-factor code while two-factor is on.
 * `currentPasswordRequired` is what a missing current password says, in the user's language.
 */
export const getUpdatePasswordInputSchema = ({
  hasPassword,
  askCode,
  currentPasswordRequired,
}: {
  hasPassword: boolean;
  askCode: boolean;
  currentPasswordRequired: string;
}) =>
  z
    .object({ currentPassword: z.string(), ...newPasswordFields, code: secondFactorCodeInput(askCode) })
    .superRefine((values, ctx) => {
      if (hasPassword && !values.currentPassword) {
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: currentPasswordRequired });
      }
      requireMatchingPasswords(values, ctx);
    });

export const updatePassword = (body: UpdatePasswordBody) => apiFetch('updatePassword', { body });

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    // has_password may have just become true: the form turns into 'Change Password' (docs/spec.md section 2). Every
    // other session has ended (docs/contract.md section 4): the sessions list shows this one alone.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
      ]),
  });
}
