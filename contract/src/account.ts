// The account's own lifecycle (docs/contract.md section 4): changing its email, deleting it, exporting its data.
import { z } from 'zod';

import { SessionSchema } from './auth.ts';
import { EmailSchema, MessageSchema, SecondFactorCodeSchema } from './common.ts';
import { LOCALES, MAX_PASSWORD_LENGTH, ROLES, THEMES } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';

const CurrentPasswordSchema = z
  .string({ error: validationMessage('current_password_required') })
  .min(1, validationMessage('current_password_required'))
  .max(MAX_PASSWORD_LENGTH);

/** `code` is required while two-factor is on (docs/contract.md section 4). */
export const ChangeEmailBodySchema = z.object({
  new_email: EmailSchema,
  password: CurrentPasswordSchema,
  code: SecondFactorCodeSchema.optional(),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const ConfirmEmailChangeQuerySchema = z.object({ token: z.string().min(1).max(512) });

export const EmailChangedSchema = z.object({ message: z.string(), email: z.string() });
export type EmailChanged = z.infer<typeof EmailChangedSchema>;

/**
 * How the owner confirms a deletion: the password when the account has one, otherwise its email typed out; a
 * second-factor code when two-factor is on.
 */
export const DeleteAccountBodySchema = z.object({
  password: CurrentPasswordSchema.optional(),
  confirm_email: EmailSchema.optional(),
  code: SecondFactorCodeSchema.optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

const isoTime = z.iso.datetime({ offset: true });

/** GET /auth/me/export: what the app holds about the user, without a secret (no hash, key or code of any kind). */
export const AccountExportSchema = z.object({
  exported_at: isoTime,
  account: z.object({
    uuid: z.uuid(),
    email: z.string(),
    is_verified: z.boolean(),
    created_at: isoTime,
    has_password: z.boolean(),
    two_factor_enabled: z.boolean(),
    locale: z.enum(LOCALES),
    theme: z.enum(THEMES),
  }),
  teams: z.array(z.object({ uuid: z.uuid(), name: z.string(), role: z.enum(ROLES), joined_at: isoTime })),
  sessions: z.array(SessionSchema),
  passkeys: z.array(z.object({ name: z.string(), created_at: isoTime, last_used_at: isoTime.nullable() })),
  activity: z.array(
    z.object({
      team_uuid: z.uuid(),
      action: z.string(),
      details: z.record(z.string(), z.unknown()),
      created_at: isoTime,
    }),
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

export const ACCOUNT_EXPORT_FILENAME = 'tessera-account-export.json';

export const accountEndpointSchemas = {
  confirmEmailChange: { query: ConfirmEmailChangeQuerySchema, response: { 200: EmailChangedSchema } },
  changeEmail: { body: ChangeEmailBodySchema, response: { 200: MessageSchema } },
  deleteMe: { body: DeleteAccountBodySchema, response: { 204: z.null() } },
  // A download: the JSON is sent as an attachment named ACCOUNT_EXPORT_FILENAME.
  exportMe: { response: { 200: AccountExportSchema } },
} as const satisfies EndpointSchemas;
