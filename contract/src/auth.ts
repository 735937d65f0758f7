import { z } from 'zod';

import { EmailSchema, MessageSchema, NewPasswordSchema, SecondFactorCodeSchema } from './common.ts';
import { BILLING_PROVIDERS, LOCALES, MAX_PASSWORD_LENGTH, THEMES } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';
import { PageQuerySchema } from './pagination.ts';

export const AuthResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  email: z.string(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const RegisterBodySchema = z.object({ email: EmailSchema, password: NewPasswordSchema });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: validationMessage('password_required') })
    .min(1, validationMessage('password_required'))
    .max(MAX_PASSWORD_LENGTH),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** What Google Identity Services hands the page (docs/contract.md section 3). */
export const GoogleLoginBodySchema = z.object({ credential: z.string().min(1).max(8192) });
export type GoogleLoginBody = z.infer<typeof GoogleLoginBodySchema>;

export const RefreshBodySchema = z.object({ refresh_token: z.string().min(1).max(512) });
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

export const TokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const LogoutBodySchema = RefreshBodySchema;

export const VerifyEmailQuerySchema = z.object({ token: z.string().min(1).max(512) });

export const ResetRequestBodySchema = z.object({ email: EmailSchema });
export type ResetRequestBody = z.infer<typeof ResetRequestBodySchema>;

export const ResetConfirmBodySchema = z.object({
  token: z.string().min(1, validationMessage('reset_token_invalid')).max(512),
  new_password: NewPasswordSchema,
});
export type ResetConfirmBody = z.infer<typeof ResetConfirmBodySchema>;

/**
 * `old_password` is required exactly when the user has a password (docs/contract.md section 3); `code` while
 * two-factor is on (section 4).
 */
export const UpdatePasswordBodySchema = z.object({
  old_password: z.string().max(MAX_PASSWORD_LENGTH).nullable(),
  new_password: NewPasswordSchema,
  code: SecondFactorCodeSchema.optional(),
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

export const MeSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  is_verified: z.boolean(),
  is_super_admin: z.boolean(),
  has_password: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  two_factor_enabled: z.boolean(),
  /** docs/contract.md section 4, Comfort: the language of the app and of the account's mail, and its colours. */
  locale: z.enum(LOCALES),
  theme: z.enum(THEMES),
});
export type Me = z.infer<typeof MeSchema>;

/** PATCH /auth/me: either preference or both; any other field, or another value, is refused (422). */
export const UpdateMeBodySchema = z.strictObject({
  locale: z.enum(LOCALES, { error: validationMessage('locale_unsupported') }).optional(),
  theme: z.enum(THEMES, { error: validationMessage('theme_unknown') }).optional(),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBodySchema>;

/**
 * With two-factor on, a password or Google sign-in answers this instead of tokens: the second step
 * (POST /auth/2fa/verify) trades `mfa_token` (5 minutes, single use) and a code for the auth response.
 */
export const MfaChallengeSchema = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

/** What a sign-in by password or Google answers: tokens, or the second step when two-factor is on. */
export const SignInResponseSchema = z.union([AuthResponseSchema, MfaChallengeSchema]);
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const TwoFactorCodeBodySchema = z.object({ code: SecondFactorCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBodySchema>;

export const MfaVerifyBodySchema = z.object({
  mfa_token: z.string().min(1).max(512),
  code: SecondFactorCodeSchema,
});
export type MfaVerifyBody = z.infer<typeof MfaVerifyBodySchema>;

/** A new TOTP secret, shown once as a QR code of `otpauth_url` and as text for manual entry. */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** Ten single-use recovery codes, shown once when two-factor is turned on. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/**
 * One of the user's open sessions (docs/contract.md section 4, Sessions): a chain of refresh tokens, with the browser
 * and address of its latest token; `current` is the session of the call's own access token.
 */
export const SessionSchema = z.object({
  id: z.uuid(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
  /** The team whose single sign-on began the session, if one did. */
  sso_team: z.string().nullable(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionParamsSchema = z.object({ id: z.string().max(100) });

/** Claims of the access token (docs/spec.md section 3); the browser reads them, only the server verifies them. */
export type AccessTokenClaims = {
  sub: string;
  email: string;
  is_super_admin: boolean;
  /** The session (refresh-token family) the token was issued to. */
  sid: string;
  /** Present while an operator views the app as this user (docs/contract.md section 4, Operators): who they are. */
  act?: { sub: string };
  iat: number;
  exp: number;
};

/** The public, unauthenticated settings the web app needs before anyone signs in. */
export const PublicConfigSchema = z.object({
  google_client_id: z.string().nullable(),
  docs_url: z.string(),
  codebase_url: z.string(),
  /** docs/contract.md section 2 PAYMENTS_PROVIDER: with `local` the page shows the test-mode card before checkout. */
  payments_provider: z.enum(BILLING_PROVIDERS),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const authEndpointSchemas = {
  register: { body: RegisterBodySchema, response: { 201: AuthResponseSchema } },
  login: { body: LoginBodySchema, response: { 200: SignInResponseSchema } },
  googleLogin: { body: GoogleLoginBodySchema, response: { 200: SignInResponseSchema } },
  verifySecondFactor: { body: MfaVerifyBodySchema, response: { 200: AuthResponseSchema } },
  refreshSession: { body: RefreshBodySchema, response: { 200: TokenPairSchema } },
  logout: { body: LogoutBodySchema, response: { 204: z.null() } },
  verifyEmail: { query: VerifyEmailQuerySchema, response: { 200: AuthResponseSchema } },
  requestPasswordReset: { body: ResetRequestBodySchema, response: { 200: MessageSchema } },
  resendVerification: { response: { 200: MessageSchema } },
  confirmPasswordReset: { body: ResetConfirmBodySchema, response: { 200: MessageSchema } },
  getMe: { response: { 200: MeSchema } },
  updateMe: { body: UpdateMeBodySchema, response: { 200: MeSchema } },
  updatePassword: { body: UpdatePasswordBodySchema, response: { 200: MessageSchema } },
  listSessions: { query: PageQuerySchema, response: { 200: z.array(SessionSchema) } },
  revokeSession: { params: SessionParamsSchema, response: { 204: z.null() } },
  revokeOtherSessions: { response: { 204: z.null() } },
  setupTwoFactor: { response: { 200: TwoFactorSetupSchema } },
  enableTwoFactor: { body: TwoFactorCodeBodySchema, response: { 200: RecoveryCodesSchema } },
  disableTwoFactor: { body: TwoFactorCodeBodySchema, response: { 200: MessageSchema } },
} as const satisfies EndpointSchemas;
