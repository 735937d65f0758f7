import { z } from 'zod';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants.ts';
import { ERROR_CODES, validationMessage } from './errors.ts';

/** The stable code of an error body; errors.ts lists them and says when each is sent. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * Every error the API answers has this body (docs/contract.md section 3): `detail` for people, in English; `code` for
 * programs; and `params`, the values `detail` shows, for a client that says it in its own words (errors.ts).
 */
export const ErrorBodySchema = z
  .object({
    detail: z.string(),
    code: ErrorCodeSchema,
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/**
 * A uuid in a request, lower-cased: PostgreSQL compares uuids case-insensitively, so the app must too (an upper-case
 * copy of your own uuid is still you). Responses carry the database's own lower-case text.
 */
export const UuidSchema = z.uuid().toLowerCase();

/** Whether a value is a uuid in any letter case: ids from a path or a header, where a malformed one is simply not found. */
export const isUuid = (value: unknown): value is string => UuidSchema.safeParse(value).success;

/** docs/spec.md section 5: required, a simple address shape, trimmed; docs/contract.md section 3: case-insensitive. */
export const EmailSchema = z
  .string({ error: validationMessage('email_required') })
  .trim()
  .min(1, validationMessage('email_required'))
  .max(254, validationMessage('email_invalid'))
  .pipe(z.email(validationMessage('email_invalid')))
  .transform((email) => email.toLowerCase());

/** A password being chosen (registration, reset, change): docs/spec.md section 5. */
export const NewPasswordSchema = z
  .string({ error: validationMessage('password_required') })
  .min(MIN_PASSWORD_LENGTH, validationMessage('password_too_short'))
  .max(MAX_PASSWORD_LENGTH, validationMessage('password_too_long'));

/**
 * A six-digit authenticator code or a recovery code (spaces and dashes are ignored): the sign-in's second step, and
 * what confirms an account change while two-factor is on (docs/contract.md section 4, Credential lifecycle).
 */
export const SecondFactorCodeSchema = z
  .string({ error: validationMessage('code_required') })
  .trim()
  .min(1, validationMessage('code_required'))
  .max(64, validationMessage('code_too_long'));
