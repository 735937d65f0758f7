// Passkeys (docs/contract.md section 4, Sessions and second factors): the WebAuthn JSON the browser and server
// exchange, as @simplewebauthn writes and reads it, and the passkeys an account lists.
import { z } from 'zod';

import { AuthResponseSchema } from './auth.ts';
import { MAX_PASSKEY_NAME_LENGTH } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';

/** Binary WebAuthn values travel as unpadded base64url. */
const Base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, validationMessage('not_base64url'));

export const AUTHENTICATOR_TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const;
export type AuthenticatorTransport = (typeof AUTHENTICATOR_TRANSPORTS)[number];

const CredentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(AUTHENTICATOR_TRANSPORTS)).optional(),
});

const UserVerificationSchema = z.enum(['required', 'preferred', 'discouraged']);

/** What `navigator.credentials.create()` is asked, as JSON (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyRegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
  timeout: z.number().int(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']),
  excludeCredentials: z.array(CredentialDescriptorSchema),
  authenticatorSelection: z.object({
    residentKey: z.enum(['required', 'preferred', 'discouraged']),
    requireResidentKey: z.boolean(),
    userVerification: UserVerificationSchema,
  }),
  extensions: z.object({ credProps: z.boolean() }),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])),
});
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptionsSchema>;

/** What `navigator.credentials.get()` is asked, as JSON (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyLoginOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string(),
  timeout: z.number().int(),
  userVerification: UserVerificationSchema,
});
export type PasskeyLoginOptions = z.infer<typeof PasskeyLoginOptionsSchema>;

const credentialFields = {
  id: Base64Url.min(1).max(1_366),
  rawId: Base64Url.min(1).max(1_366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
};

/** The browser's RegistrationResponseJSON, and the name the account gives the passkey (default: its browser). */
export const PasskeyRegisterVerifyBodySchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: Base64Url.min(1),
    attestationObject: Base64Url.min(1),
    authenticatorData: Base64Url.optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
  name: z
    .string()
    .trim()
    .min(1, validationMessage('passkey_name_empty'))
    .max(MAX_PASSKEY_NAME_LENGTH, validationMessage('passkey_name_too_long'))
    .refine(
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
      (name) => !/[\u0000-\u001f\u007f]/.test(name),
      validationMessage('passkey_name_control_characters'),
    )
    .optional(),
});
export type PasskeyRegisterVerifyBody = z.infer<typeof PasskeyRegisterVerifyBodySchema>;

/** The browser's AuthenticationResponseJSON. */
export const PasskeyLoginVerifyBodySchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: Base64Url.min(1),
    authenticatorData: Base64Url.min(1),
    signature: Base64Url.min(1),
    userHandle: Base64Url.optional(),
  }),
});
export type PasskeyLoginVerifyBody = z.infer<typeof PasskeyLoginVerifyBodySchema>;

export const PasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyParamsSchema = z.object({ id: z.string().max(100) });

export const passkeysEndpointSchemas = {
  passkeyLoginOptions: { response: { 200: PasskeyLoginOptionsSchema } },
  passkeyLoginVerify: { body: PasskeyLoginVerifyBodySchema, response: { 200: AuthResponseSchema } },
  listPasskeys: { response: { 200: z.array(PasskeySchema) } },
  passkeyRegisterOptions: { response: { 200: PasskeyRegistrationOptionsSchema } },
  passkeyRegisterVerify: { body: PasskeyRegisterVerifyBodySchema, response: { 201: PasskeySchema } },
  deletePasskey: { params: PasskeyParamsSchema, response: { 204: z.null() } },
} as const satisfies EndpointSchemas;
