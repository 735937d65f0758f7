/**
 * The signed-out forms' zod schemas. Only ever imported on demand, through the resolvers beside each call
 * (`loginResolver` in login.ts, …), so that zod stays off the signed-out pages' first load (lib/lazy-zod-resolver).
 */
import {
  LoginBodySchema,
  RegisterBodySchema,
  ResetRequestBodySchema,
  SsoStartBodySchema,
} from '@app/contract';
import { z } from 'zod';

import { newPasswordFields, requireMatchingPasswords } from '@/lib/password-confirmation';

/** The sign-in form validates with the request's own schema: email trimmed, password required. */
export const loginInputSchema = LoginBodySchema;

export const registerInputSchema = RegisterBodySchema.pick({ email: true })
  .extend(newPasswordFields)
  .superRefine(requireMatchingPasswords);

export const requestPasswordResetInputSchema = ResetRequestBodySchema;

export const ssoStartInputSchema = SsoStartBodySchema;

/** The token comes from the link, not the form; the new password follows the registration rules. */
export const confirmPasswordResetInputSchema = z
  .object(newPasswordFields)
  .superRefine(requireMatchingPasswords);
