/**
 * What an error body says besides its English `detail` (docs/contract.md section 3, docs/decisions/030): the `code` of
 * every refusal, the `params` a code's text shows, and the keys of the schemas' validation messages. Without zod, like
 * constants.ts: the web app's first script reads the codes and the messages through `@app/contract/errors`.
 */
import {
  API_KEY_NAME_MAX_LENGTH,
  FEEDBACK_MAX_LENGTH,
  ITEM_DESCRIPTION_MAX_LENGTH,
  ITEM_NAME_MAX_LENGTH,
  MAX_PAGE_SIZE,
  MAX_PASSKEY_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  SSO_FIELD_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
} from './constants.ts';

/**
 * The `code` of every error body: stable, snake_case, one per refusal, beside the human `detail`, which may be reworded
 * at any time; a client branches on the code, never on the text. Each says its status and when it is sent. Six codes
 * name what a client does whatever the case (retry, upgrade, fix a field, use another card), and stay one code each:
 * their `params.reason` names the case (ERROR_PARAMS).
 */
export const ERROR_CODES = [
  // What a client handles alike, whatever the case.
  /** 422: the request does not match its schema; `params`: the first refused `field` and its `message` key. */
  'validation',
  /** 429: too many requests or attempts; Retry-After says when to try again. `params.reason` says which limit. */
  'rate_limited',
  /** 503: the database or an upstream service is unavailable; try again. `params.reason` says which. */
  'unavailable',
  /** 402: an addition beyond the team's plan; an upgrade lifts it. `params.reason`: `members` or `items`. */
  'plan_limit',
  /** 402: a card payment was refused (the test-mode checkout). `params.reason` says how. */
  'payment_required',
  /**
   * 403: making an API key, a webhook endpoint or a SCIM token needs a verified email. `params.reason`: `api_keys`,
   * `webhook_endpoints` or `scim_token`.
   */
  'email_unverified',
  /** 500: a failure of the server's own; `detail` says nothing more. */
  'internal',

  // The request as sent (server/src/plugins/errors.ts, web-app.ts).
  /** 400: the JSON body does not parse. */
  'malformed_json',
  /** 400: an empty body sent as application/json. */
  'empty_json_body',
  /** 413: the body is over the size limit. */
  'body_too_large',
  /** 415: a body that is not JSON. */
  'unsupported_content_type',
  /** 414: a URL parameter over its length limit. */
  'url_parameter_too_long',
  /** 400: the URL does not decode. */
  'malformed_url',
  /** 404: no such API path for this method; `params`: `method`, `path`. */
  'unknown_path',
  /** 4xx: a request the framework refused for a reason the API does not name; the status says which. */
  'bad_request',

  // Signing in, sessions and who may call what.
  /** 401: no access token was sent, or its account is gone. */
  'not_signed_in',
  /**
   * 401: the access token is expired or invalid, or its session has ended (signed out, password replaced, address
   * reclaimed). The session is over, unlike a wrong password.
   */
  'session_ended',
  /** 401: the email and password of a sign-in do not match an account. */
  'invalid_credentials',
  /** 403: the account is suspended by an operator. */
  'account_suspended',
  /** 401: the second step of a sign-in expired or was used; sign in again. */
  'sign_in_expired',
  /** 401: the refresh token is unknown, expired or already used. */
  'refresh_token_invalid',
  /** 404: the session to end is not one of the account's live sessions. */
  'session_not_found',
  /**
   * 403: the change needs a sign-in from the last 15 minutes (adding a second factor or a first password, signing out
   * the other sessions). Signing in again lifts it.
   */
  'recent_sign_in_required',
  /** 403: not allowed while an operator views the app as this user. */
  'not_while_impersonating',
  /** 403: an operators' endpoint called by someone who is not a super admin. */
  'super_admin_required',
  /** 404: Google sign-in is not configured on this server. */
  'google_sign_in_disabled',
  /** 401: the Google ID token is invalid, or older than the account's last credential change. */
  'google_credential_invalid',
  /** 401: Google does not vouch for the token's email address. */
  'google_email_unverified',

  // The account's credentials.
  /** 400: the email is taken by another account (registering, changing the email). */
  'email_taken',
  /** 400: the email verification link is unknown, used or expired. */
  'verification_link_invalid',
  /** 400: a new verification link was asked for an email already verified. */
  'email_already_verified',
  /** 400: the password reset link is unknown, used or expired. */
  'reset_link_invalid',
  /** 400: the change asks for the current password, and none was sent. */
  'current_password_required',
  /** 400: the current password, asked to confirm a change of the account, is wrong. */
  'wrong_password',
  /** 400: two-factor is on and the change was sent without a second-factor code. */
  'second_factor_required',
  /** 400: the second-factor code (TOTP or recovery code) is wrong or already spent. */
  'second_factor_invalid',
  /** 400: changing the email needs a password on the account first. */
  'password_not_set',
  /** 400: the new email is the account's current one. */
  'same_email',
  /** 400: the email change link is unknown, used or expired. */
  'email_change_link_invalid',
  /** 400: deleting the account was not confirmed by typing its email address. */
  'deletion_not_confirmed',
  /** 400: the account owns teams that have other members; `params.teams` names them. */
  'owner_of_shared_teams',
  /** 400: turning on two-factor needs a verified email. */
  'two_factor_needs_verified_email',
  /** 400: two-factor is already on. */
  'two_factor_already_on',
  /** 400: turning on two-factor without starting its setup first. */
  'two_factor_setup_missing',
  /** 400: the two-factor setup was started again elsewhere meanwhile. */
  'two_factor_setup_changed',
  /** 400: turning off two-factor while it is off. */
  'two_factor_not_on',
  /** 400: the passkey's signature or challenge response does not verify. */
  'passkey_verification_failed',
  /** 400: the passkey ceremony's challenge expired or was already used. */
  'passkey_challenge_expired',
  /** 400: adding a passkey needs a verified email. */
  'passkey_needs_verified_email',
  /** 400: that passkey is already registered. */
  'passkey_already_registered',
  /** 400: signing in with a passkey no account holds. */
  'passkey_unknown',
  /** 404: no such passkey on the account. */
  'passkey_not_found',

  // Teams, members and invitations.
  /** 400: a team endpoint called without X-TENANT-UUID. */
  'tenant_header_required',
  /** 403: the caller is not a member of the team named (whether or not it exists). */
  'not_a_member',
  /** 403: only the team's owner may do this. */
  'owner_only',
  /** 403: only the team's admins and owner may do this. */
  'admin_only',
  /** 404: no such team (the team's details, an operator's view of one). */
  'tenant_not_found',
  /** 404: the team was deleted meanwhile. */
  'team_not_found',
  /** 404: no such member in the team. */
  'member_not_found',
  /** 400: a member cannot remove themselves. */
  'cannot_remove_self',
  /** 400: a member cannot change their own role. */
  'cannot_change_own_role',
  /** 403: the team's owner cannot be removed. */
  'owner_not_removable',
  /** 403: the team's owner's role cannot be changed. */
  'owner_role_fixed',
  /** 400: the member's role changed since the page read it. */
  'role_changed_meanwhile',
  /** 400: transferring the team to its owner. */
  'already_owner',
  /** 400: the new owner is not a member of the team. */
  'new_owner_not_member',
  /** 400: the invited email is already a member of the team. */
  'already_member',
  /** 400: the invitation link is unknown, used, revoked or expired. */
  'invitation_invalid',
  /** 404: no such pending invitation in the team. */
  'invitation_not_found',
  /** 404: no such item in the team. */
  'item_not_found',

  // Billing.
  /** 404: the team has never had a subscription. */
  'subscription_not_found',
  'no_upcoming_invoice',
  /** 404: opening the billing portal of a team that never subscribed. */
  'no_subscription_to_manage',
  /** 400: a checkout for a team whose subscription is live: the portal changes it. */
  'subscription_exists',
  /** 400: the test-mode subscription has ended: a new checkout starts another. */
  'subscription_ended',
  /** 422: no such plan; `params.plan` names the one asked for. */
  'unknown_plan',
  /** 400: the plan has no Stripe price yet; `params.plan` names it. */
  'plan_not_purchasable',
  /** 400: a test-mode plan change to the plan and interval the team has. */
  'same_plan',
  /** 400: a test-mode change of a subscription Stripe bills. */
  'managed_by_stripe',
  /** 400: another change of the team's billing is under way; try again. */
  'billing_change_in_progress',
  /** 404: no such test-mode checkout. */
  'checkout_not_found',
  /** 400: the test-mode checkout has been paid already. */
  'checkout_paid',
  /** 400: the test-mode checkout has expired. */
  'checkout_expired',
  /** 422: the test card's number fails its check digit. */
  'card_number_invalid',
  /** 422: the test card has expired. */
  'card_expired',
  /** 422: the test card's security code has the wrong length. */
  'card_security_code_invalid',
  /** 404: no such invoice in the team. */
  'invoice_not_found',
  /** 404: Stripe has no PDF of the invoice yet. */
  'invoice_pdf_missing',
  /** 401: the invoice's download link has expired. */
  'download_link_expired',
  /** 404: the team has no Stripe customer. */
  'billing_account_not_found',
  /** 404: a Stripe webhook sent to a server that does not bill through Stripe. */
  'stripe_webhooks_disabled',
  /** 400: a Stripe webhook without its Stripe-Signature header. */
  'stripe_signature_missing',
  /** 400: a Stripe webhook whose signature does not verify. */
  'stripe_signature_invalid',

  // The developer platform.
  /** 401: the API key is unknown or revoked. */
  'api_key_invalid',
  /** 403: the API key belongs to another team than the X-TENANT-UUID named. */
  'api_key_other_team',
  /** 403: an endpoint API keys may not call. */
  'api_key_not_allowed',
  /** 403: the API key lacks the endpoint's scope; `params.scope` names it. */
  'api_key_scope_missing',
  /** 400: the team holds the most live API keys it may; `params.count` says how many. */
  'api_key_limit',
  /** 404: no such API key in the team. */
  'api_key_not_found',
  /** 400: a webhook URL that is not a public https address. */
  'webhook_url_refused',
  /** 400: the team holds the most webhook endpoints it may; `params.count` says how many. */
  'webhook_limit',
  /** 404: no such webhook endpoint in the team. */
  'webhook_not_found',
  /** 404: no such delivery of the endpoint. */
  'delivery_not_found',

  // Enterprise identity.
  /** 402: verified domains and single sign-on need the Business plan, active or trialing. */
  'business_plan_required',
  /** 400: the team holds the most domains it may; `params.count` says how many. */
  'domain_limit',
  /** 400: the team has added that domain already. */
  'domain_exists',
  /** 409: another team has verified that domain. */
  'domain_taken',
  /** 400: a public mail domain (gmail.com, outlook.com, …), which no team holds. */
  'public_mail_domain',
  /** 404: no such domain in the team. */
  'domain_not_found',
  /** 400: the domain's TXT record is not there (yet), or does not hold the value asked for. */
  'txt_record_not_found',
  /** 404: the team has no single sign-on. */
  'sso_not_found',
  /** 400: the issuer's discovery document could not be read (or its fetch was refused: not public, too big, slow). */
  'sso_discovery_failed',
  /** 400: the discovery document names another issuer than the one given (multi-tenant issuers are refused). */
  'sso_issuer_mismatch',
  /** 404: no team with single sign-on has verified the email's domain. */
  'sso_not_set_up',
  /** 400: a single sign-on's one-time code that is unknown, spent, late, or from another browser. */
  'sso_code_invalid',
  /** 409: the address has an account: its holder signs in as usual and links it (POST /auth/sso/link). */
  'sso_link_required',
  /** 403: the team requires a session that passed a second factor; the member sets one up (account routes stay open). */
  'two_factor_required',
  /** 403: the team requires members its single sign-on holds to come through it. */
  'sso_required',
  /** 400: require_two_factor turned on from a session that did not pass a second factor. */
  'second_factor_first',
  /** 400: require_sso without the plan, a provider and a verified domain. */
  'sso_not_ready',
  /** 400: require_sso turned on by an admin whose session did not come through the team's single sign-on. */
  'sso_session_first',
  /** 403: the team's directory has deactivated the member (SCIM `active: false`): every team route refuses them. */
  'member_deactivated',

  // SCIM (/api/scim/v2): answered in SCIM's error body, `scimType` from `params.reason`.
  /** 401: no SCIM token was sent, or it is unknown or revoked. */
  'scim_token_invalid',
  /** 404: the team has no SCIM token (to show or to revoke). */
  'scim_token_not_found',
  /**
   * 400 (409 for `uniqueness`): a SCIM request refused; `params.reason` is SCIM's `scimType` (RFC 7644 section
   * 3.12) in snake_case: `invalid_filter`, `invalid_syntax`, `invalid_path`, `no_target`, `invalid_value`,
   * `mutability`, `uniqueness`. SCIM's body says it as SCIM spells it (`invalidFilter`).
   */
  'scim',
  /** 404: no such User in the token's team (or one SCIM does not see: not on a verified domain). */
  'scim_not_found',
  /** 400: deactivating or deleting the team's owner through SCIM. */
  'scim_owner_fixed',

  // Lists and operators.
  /** 422: a `cursor` the server did not produce. */
  'invalid_cursor',
  /** 404: no such account. */
  'user_not_found',
  /** 400: an operator suspending themselves. */
  'cannot_suspend_self',
  /** 403: suspending an operator listed in SUPER_ADMIN_EMAILS. */
  'super_admin_not_suspendable',
  /** 403: viewing the app as a super admin. */
  'super_admin_not_impersonable',
  /** 400: ending a view as another user while not viewing as one. */
  'not_impersonating',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The names of the values a code's text shows, sent as the body's `params` (strings or numbers). */
type ParamNames = readonly string[];
/** A code that covers several cases: each case by its `params.reason`, with the values its text shows. */
type Cases = { readonly [reason: string]: ParamNames };

/**
 * The `params` of every code that sends some; a code not listed sends none. Its text, in any language, shows exactly
 * these values (web/src/locales/locales.test.ts holds each catalogue to them).
 */
export const ERROR_PARAMS = {
  validation: ['field', 'message'],
  rate_limited: {
    per_address: ['seconds'],
    failed_sign_ins: [],
    wrong_codes: [],
    invitations: ['count'],
    verification_mails: [],
    api_key_requests: ['count'],
    domain_checks: ['count'],
    scim_requests: ['count'],
  },
  unavailable: {
    // A request that met a database outage.
    service: [],
    // The health checks.
    database: [],
    redis: [],
    shutting_down: [],
    // The payment provider.
    payment_provider: [],
    no_checkout_page: [],
    cancel_failed: [],
    stripe_not_configured: [],
    local_billing_not_configured: [],
    // A domain's DNS lookup.
    dns: [],
    // A team's single sign-on provider, when a sign-in begins.
    identity_provider: [],
  },
  // A plan change to a plan with room for fewer members than the team has.
  plan_limit: { members: ['count'], items: ['count'], plan_members: ['plan', 'count', 'members'] },
  payment_required: { declined: [], test_card_required: ['number'] },
  email_unverified: { api_keys: [], webhook_endpoints: [], scim_token: [] },
  scim: {
    invalid_filter: [],
    invalid_syntax: [],
    invalid_path: [],
    no_target: [],
    invalid_value: [],
    mutability: [],
    uniqueness: [],
  },
  unknown_path: ['method', 'path'],
  owner_of_shared_teams: ['teams'],
  unknown_plan: ['plan'],
  plan_not_purchasable: ['plan'],
  api_key_scope_missing: ['scope'],
  api_key_limit: ['count'],
  webhook_limit: ['count'],
  domain_limit: ['count'],
} as const satisfies { [C in ErrorCode]?: ParamNames | Cases };

type Spec = typeof ERROR_PARAMS;
type Values<Names> = { [Name in Names extends ParamNames ? Names[number] : never]: string | number };
/** The codes that send `params`. */
export type ErrorCodeWithParams = keyof Spec;
/** What a code's body carries as `params`: for a code of cases, one of them by its `reason`. */
export type ErrorParams<C extends ErrorCodeWithParams> = Spec[C] extends ParamNames
  ? Values<Spec[C]>
  : { [Reason in keyof Spec[C]]: { reason: Reason } & Values<Spec[C][Reason]> }[keyof Spec[C]];

/**
 * The messages of the contract's schemas, by key. A schema's message is its key (`validationMessage`): the API's 422
 * writes its English text into `detail` and sends the key as `params.message`; a web form shows it in its user's
 * language. A number a message states is the limit its schema checks. The two of a password's confirmation are the
 * web's own (its forms ask twice; the API once), kept here so that every field message has one way to a language.
 */
export const VALIDATION_MESSAGES = {
  email_required: 'Email is required',
  email_invalid: 'Please enter a valid email address',
  password_required: 'Password is required',
  password_too_short: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  password_too_long: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  current_password_required: 'Current password is required',
  password_confirmation_required: 'Please confirm your password',
  passwords_do_not_match: 'Passwords do not match',
  code_required: 'Enter a code',
  code_too_long: 'That code is too long',
  reset_token_invalid: 'Invalid or missing reset token',
  locale_unsupported: 'Choose a supported language',
  theme_unknown: 'Choose light, dark or system',
  nul_character: 'Text cannot contain the NUL character (U+0000)',
  limit_not_number: 'limit must be a number',
  limit_not_whole: 'limit must be a whole number',
  limit_too_small: 'limit must be at least 1',
  limit_too_large: `limit must be at most ${MAX_PAGE_SIZE}`,
  cursor_invalid: 'Invalid cursor',
  search_too_long: 'Search must be 200 characters or less',
  action_unknown: 'Unknown action',
  team_name_required: 'Team name is required',
  team_name_too_long: 'Team name must be 100 characters or less',
  team_description_too_long: 'Description must be 500 characters or less',
  name_required: 'Name is required',
  item_name_too_long: `Name must be ${ITEM_NAME_MAX_LENGTH} characters or less`,
  item_description_too_long: `Description must be ${ITEM_DESCRIPTION_MAX_LENGTH} characters or less`,
  feedback_required: 'Please enter your feedback',
  feedback_too_long: `Feedback must be ${FEEDBACK_MAX_LENGTH} characters or less`,
  route_required: 'route is required',
  plan_id_required: 'plan_id is required',
  card_number_required: 'Card number is required',
  card_number_incomplete: 'Your card number is incomplete',
  expiry_month_invalid: 'Invalid expiry month',
  expiry_year_invalid: 'Invalid expiry year',
  cvc_required: 'CVC is required',
  cvc_invalid: 'Your card’s security code is invalid',
  api_key_name_too_long: `Name must be ${API_KEY_NAME_MAX_LENGTH} characters or less`,
  scope_unknown: 'Unknown scope',
  scope_required: 'Choose at least one scope',
  scopes_too_many: 'Too many scopes',
  event_unknown: 'Unknown event',
  event_required: 'Choose at least one event',
  events_too_many: 'Too many events',
  url_invalid: 'Enter an http or https URL',
  url_too_long: `URL must be ${WEBHOOK_URL_MAX_LENGTH} characters or less`,
  enabled_not_boolean: 'enabled must be true or false',
  not_base64url: 'Must be base64url',
  passkey_name_empty: 'Name cannot be empty',
  passkey_name_too_long: `Name must be at most ${MAX_PASSKEY_NAME_LENGTH} characters`,
  passkey_name_control_characters: 'Name cannot contain control characters',
  domain_required: 'Domain is required',
  domain_invalid: 'Enter a domain such as example.com',
  issuer_invalid: 'Enter the issuer as an https URL, such as https://login.example.com',
  client_id_required: 'Client ID is required',
  client_secret_required: 'Client secret is required',
  sso_field_too_long: `Must be ${SSO_FIELD_MAX_LENGTH} characters or less`,
  sso_code_required: 'Code is required',
  rule_not_boolean: 'Must be true or false',
  rule_required: 'Say which rule to change',
} as const;
export type ValidationMessage = keyof typeof VALIDATION_MESSAGES;

/** A schema's message: the key, typed, so a schema cannot name a message the table does not hold. */
export const validationMessage = (key: ValidationMessage): string => key;

/** Whether a message (a zod issue's, a form field's) is one of the table's keys rather than a text of its own. */
export const isValidationMessage = (message: string): message is ValidationMessage =>
  Object.hasOwn(VALIDATION_MESSAGES, message);
