// Enterprise identity (docs/contract.md section 4): the domains a team proves it holds, through a DNS TXT record, and
// its single sign-on through an OpenID Connect provider.
import { z } from 'zod';

import { SignInResponseSchema } from './auth.ts';
import { TeamRulesSchema } from './tenants.ts';
import { EmailSchema, MessageSchema } from './common.ts';
import { DOMAIN_MAX_LENGTH, SSO_FIELD_MAX_LENGTH } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';

/** A host name of two labels or more, each of letters, digits and inner hyphens; the last not all digits. */
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)$/;

export const AddDomainBodySchema = z.object({
  domain: z
    .string({ error: validationMessage('domain_required') })
    .trim()
    .toLowerCase()
    .min(1, validationMessage('domain_required'))
    // A trailing dot names the same domain (its fully qualified spelling).
    .transform((domain) => domain.replace(/\.$/, ''))
    .pipe(
      z
        .string()
        .max(DOMAIN_MAX_LENGTH, validationMessage('domain_invalid'))
        .regex(DOMAIN, validationMessage('domain_invalid')),
    ),
});
export type AddDomainBody = z.input<typeof AddDomainBodySchema>;

export const DomainSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  verified: z.boolean(),
  /** The TXT record to publish: its name, `_tessera-challenge.{domain}`, and exactly this value. */
  txt_name: z.string(),
  txt_value: z.string(),
});
export type Domain = z.infer<typeof DomainSchema>;

const IdParamsSchema = z.object({ id: z.string().max(100) });

/**
 * An issuer as a provider names itself: an http(s) URL without credentials, query or fragment. Not a discovery
 * document's own URL: the client reads `{issuer}/.well-known/openid-configuration`, and given the document's URL it
 * would skip the check that the document names this issuer. Production also asks for https (the server's check).
 */
const ISSUER = /^https?:\/\/[^\s/?#@\\]+(?:\/[^\s?#\\]*)?$/i;
const isIssuer = (value: string) => ISSUER.test(value) && !value.toLowerCase().includes('/.well-known/');

export const SaveSsoBodySchema = z.object({
  issuer: z
    .string({ error: validationMessage('issuer_invalid') })
    .trim()
    .max(SSO_FIELD_MAX_LENGTH, validationMessage('issuer_invalid'))
    .refine(isIssuer, validationMessage('issuer_invalid')),
  client_id: z
    .string({ error: validationMessage('client_id_required') })
    .trim()
    .min(1, validationMessage('client_id_required'))
    .max(SSO_FIELD_MAX_LENGTH, validationMessage('sso_field_too_long')),
  client_secret: z
    .string({ error: validationMessage('client_secret_required') })
    .min(1, validationMessage('client_secret_required'))
    .max(SSO_FIELD_MAX_LENGTH, validationMessage('sso_field_too_long')),
});
export type SaveSsoBody = z.input<typeof SaveSsoBodySchema>;

/** A team's provider, as saved: never its secret. `enabled`: people can sign in through it now (the plan, a verified domain). */
export const SsoConnectionSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  /** What the team registers at its provider: `{APP_URL}/api/auth/sso/callback`. */
  redirect_uri: z.string(),
  enabled: z.boolean(),
});
export type SsoConnection = z.infer<typeof SsoConnectionSchema>;

export const SsoStartBodySchema = z.object({ email: EmailSchema });
export type SsoStartBody = z.input<typeof SsoStartBodySchema>;
export const SsoRedirectSchema = z.object({ redirect_url: z.string() });

/** The provider's answer: anything malformed is read as missing, so every failure ends at /login?error=sso. */
export const SsoCallbackQuerySchema = z.object({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
});

/** The one-time code /sso/complete is given, exchanged (or, after sso_link_required, linked) by the same browser. */
export const SsoCodeBodySchema = z.object({
  code: z
    .string({ error: validationMessage('sso_code_required') })
    .min(1, validationMessage('sso_code_required'))
    .max(200),
});
export type SsoCodeBody = z.input<typeof SsoCodeBodySchema>;

/** A provider's identity linked to the account: the team whose sign-in linked it (null once that team is gone). */
export const SsoIdentitySchema = z.object({
  issuer: z.string(),
  team: z.string().nullable(),
  linked_at: z.iso.datetime({ offset: true }),
});
export type SsoIdentity = z.infer<typeof SsoIdentitySchema>;

/** PATCH /tenant/security: the rules to change; at least one. */
export const UpdateTeamSecurityBodySchema = z
  .object({
    require_sso: z.boolean({ error: validationMessage('rule_not_boolean') }).optional(),
    require_two_factor: z.boolean({ error: validationMessage('rule_not_boolean') }).optional(),
  })
  .refine((body) => body.require_sso !== undefined || body.require_two_factor !== undefined, {
    message: validationMessage('rule_required'),
  });
export type UpdateTeamSecurityBody = z.input<typeof UpdateTeamSecurityBodySchema>;

/**
 * The team's rules and whom they reach, for the Security page: members whose account has no second factor yet, and
 * members single sign-on holds (on a verified domain, or joined through it), the owner excepted; `sso_ready` says
 * whether require_sso can be turned on (the plan, a provider, a verified domain).
 */
export const TeamSecuritySchema = TeamRulesSchema.extend({
  sso_ready: z.boolean(),
  members_without_second_factor: z.number().int(),
  members_held_by_sso: z.number().int(),
});
export type TeamSecurity = z.infer<typeof TeamSecuritySchema>;

/** POST /scim-token: the token, shown only here, and where the directory sends it. */
export const ScimTokenCreatedSchema = z.object({ token: z.string(), base_url: z.string() });
export type ScimTokenCreated = z.infer<typeof ScimTokenCreatedSchema>;

/** GET /scim-token: the team's token as the Security page shows it, never the token itself. */
export const ScimTokenSchema = z.object({
  base_url: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  /** Its maker; null once their account is gone. */
  created_by: z.string().nullable(),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;

/** /scim/v2/Users/:id: a member's account uuid. Anything else is a User that is not there (404 in SCIM's body). */
const ScimUserParamsSchema = z.object({ id: z.string().max(200) });
/**
 * SCIM's requests are read by the SCIM module itself (RFC 7644: attribute names are case-insensitive, directories
 * send values loosely typed), which answers every refusal in SCIM's error body: nothing is declared here to refuse.
 */
const ScimQuerySchema = z.looseObject({
  filter: z.string().optional().describe('A SCIM filter, e.g. userName eq "ada@example.com"'),
  startIndex: z.string().optional().describe('The first result, from 1'),
  count: z.string().optional().describe('How many results, at most 200'),
});
/** A SCIM answer (RFC 7643): a resource, a list or a document of the service, each naming its `schemas`. */
const ScimBodySchema = z.looseObject({ schemas: z.array(z.string()) });
const scim = { response: { 200: ScimBodySchema } } as const;

/** Every refusal on /scim/v2, in SCIM's error body (RFC 7644 section 3.12). */
export const ScimErrorSchema = z.object({
  schemas: z.array(z.string()),
  /** The HTTP status, as a string. */
  status: z.string(),
  scimType: z.string().optional(),
  detail: z.string(),
});

export const enterpriseEndpointSchemas = {
  listDomains: { response: { 200: z.array(DomainSchema) } },
  addDomain: { body: AddDomainBodySchema, response: { 201: DomainSchema } },
  verifyDomain: { params: IdParamsSchema, response: { 200: DomainSchema } },
  removeDomain: { params: IdParamsSchema, response: { 204: z.null() } },
  getSso: { response: { 200: SsoConnectionSchema } },
  saveSso: { body: SaveSsoBodySchema, response: { 200: SsoConnectionSchema } },
  removeSso: { response: { 204: z.null() } },
  getTeamSecurity: { response: { 200: TeamSecuritySchema } },
  updateTeamSecurity: { body: UpdateTeamSecurityBodySchema, response: { 200: TeamSecuritySchema } },
  ssoStart: { body: SsoStartBodySchema, response: { 200: SsoRedirectSchema } },
  ssoCallback: { query: SsoCallbackQuerySchema, response: { 302: z.null() } },
  ssoExchange: { body: SsoCodeBodySchema, response: { 200: SignInResponseSchema } },
  ssoLink: { body: SsoCodeBodySchema, response: { 200: MessageSchema } },
  listSsoIdentities: { response: { 200: z.array(SsoIdentitySchema) } },
  getScimToken: { response: { 200: ScimTokenSchema } },
  createScimToken: { response: { 201: ScimTokenCreatedSchema } },
  revokeScimToken: { response: { 204: z.null() } },
  scimServiceProviderConfig: scim,
  scimResourceTypes: scim,
  scimResourceType: { ...scim, params: ScimUserParamsSchema },
  scimSchemas: scim,
  scimSchema: { ...scim, params: ScimUserParamsSchema },
  scimListUsers: { ...scim, query: ScimQuerySchema },
  scimGetUser: { ...scim, params: ScimUserParamsSchema },
  scimCreateUser: { response: { 201: ScimBodySchema }, body: z.unknown() },
  scimReplaceUser: { ...scim, params: ScimUserParamsSchema, body: z.unknown() },
  scimPatchUser: { ...scim, params: ScimUserParamsSchema, body: z.unknown() },
  scimDeleteUser: { response: { 204: z.null() }, params: ScimUserParamsSchema },
} as const satisfies EndpointSchemas;
