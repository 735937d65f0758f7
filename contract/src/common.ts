import { z } from 'zod';

import { ERROR_CODES } from './constants.ts';

/** The stable code of an error body; constants.ts lists them and says when each is sent. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * Every error the API answers has this body (docs/contract.md section 3): `detail` for people, `code` for programs.
 */
export const ErrorBodySchema = z
  .object({ detail: z.string(), code: ErrorCodeSchema })
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
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 takes any length, but an unbounded one is a denial-of-service lever. */
export const MAX_PASSWORD_LENGTH = 256;

/** A password being chosen (registration, reset, change): docs/spec.md section 5. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

/**
 * A six-digit authenticator code or a recovery code (spaces and dashes are ignored): the sign-in's second step, and
 * what confirms an account change while two-factor is on (docs/contract.md section 4, Credential lifecycle).
 */
export const SecondFactorCodeSchema = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(1, 'Enter a code')
  .max(64, 'That code is too long');
