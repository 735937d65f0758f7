/** The password a user chooses and its confirmation, as every form that sets one asks for it (docs/spec.md section 5). */
import { NewPasswordSchema } from '@app/contract';
import { validationMessage } from '@app/contract/errors';
import { z } from 'zod';

export const newPasswordFields = {
  // Empty is 'Password is required' before the contract's length rule speaks.
  password: z.string().min(1, validationMessage('password_required')).pipe(NewPasswordSchema),
  confirmPassword: z.string().min(1, validationMessage('password_confirmation_required')),
};

export function requireMatchingPasswords(
  { password, confirmPassword }: { password: string; confirmPassword: string },
  ctx: z.RefinementCtx,
) {
  if (confirmPassword && password !== confirmPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: validationMessage('passwords_do_not_match'),
    });
  }
}
