/**
 * The contract's plain values, without zod: the web app imports them through `@app/contract/constants` on the
 * sign-in page's path, whose JavaScript budget (e2e/tests/bundle-budget.spec.ts) has no room for zod. The index
 * re-exports them, so the server and the rest of the web import them from `@app/contract` as usual.
 */

/** docs/contract.md section 3: lists answer at most `limit` entries; `X-Next-Cursor` names the next page when one exists. */
export const MAX_PAGE_SIZE = 100;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * The lengths the schemas allow, here so that their messages (errors.ts, VALIDATION_MESSAGES) can state them without
 * zod. docs/spec.md section 5: a password; docs/contract.md section 3: an item's name and description.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** argon2 takes any length, but an unbounded one is a denial-of-service lever. */
export const MAX_PASSWORD_LENGTH = 256;
export const ITEM_NAME_MAX_LENGTH = 200;
export const ITEM_DESCRIPTION_MAX_LENGTH = 2000;
/** docs/spec.md sections 5 and 9. */
export const FEEDBACK_MAX_LENGTH = 5000;
export const API_KEY_NAME_MAX_LENGTH = 100;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const MAX_PASSKEY_NAME_LENGTH = 100;

/**
 * The app's own pages of the built-in test-mode provider (PAYMENTS_PROVIDER=local), which its checkout and portal
 * answer; billing.ts lists the API those pages call.
 */
export const localBillingPaths = {
  checkout: (sessionId: string) => `/billing/checkout/${encodeURIComponent(sessionId)}`,
  portal: (tenantUuid: string) => `/billing/portal?tenant=${encodeURIComponent(tenantUuid)}`,
} as const;

// Values both stored as database enums (server/src/db/schema) and answered by the API (this package's schemas):
// each list is written once, here.
/** Team roles (docs/spec.md section 6); whoever creates a team is its owner. */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];
export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'inactive',
  'incomplete',
] as const;
/** A subscription the team still holds: it bills or may bill again, so the team cannot start another. */
export const LIVE_SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
] as const satisfies readonly (typeof SUBSCRIPTION_STATUSES)[number][];
export const INVOICE_STATUSES = ['paid', 'pending', 'failed'] as const;
export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
/** What the operators' audit list records (docs/contract.md section 4, Operators). */
export const OPERATOR_ACTIONS = [
  'user.suspended',
  'user.unsuspended',
  'impersonation.started',
  'impersonation.stopped',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** docs/contract.md section 4, Developer platform: what a team API key may be allowed, one endpoint family each. */
export const API_KEY_SCOPES = ['items:read', 'items:write', 'members:read', 'activity:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Every API key starts with this, so a bearer token is told from a session's token before anything is looked up. */
export const API_KEY_PREFIX = 'tsk_';
/** A team's SCIM token (docs/contract.md section 4, Enterprise identity): it reaches /api/scim/v2 only. */
export const SCIM_TOKEN_PREFIX = 'tscim_';
/** Live (not revoked) keys a team may hold. */
export const MAX_API_KEYS = 10;

/** Enterprise identity (docs/contract.md section 4): the domains a team may hold, and how long a domain's name may be. */
export const MAX_TEAM_DOMAINS = 20;
export const DOMAIN_MAX_LENGTH = 253;
/** The longest issuer, client id or client secret a team may save for its single sign-on. */
export const SSO_FIELD_MAX_LENGTH = 2048;
/** The TXT record that proves a domain is the team's: `_tessera-challenge.{domain}`. */
export const DOMAIN_CHALLENGE_LABEL = '_tessera-challenge';

/** The changes a webhook endpoint may subscribe to: each is also an action of the team's activity log. */
export const WEBHOOK_EVENTS = [
  'item.created',
  'item.updated',
  'item.deleted',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'subscription.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Why the app switched an endpoint off: the account that answered for it stopped being an admin or the owner. */
export const WEBHOOK_DISABLED_REASONS = ['maker_left'] as const;
/** Endpoints a team may hold: each one multiplies every change the team makes into a delivery. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** docs/contract.md section 4, Comfort: the languages of the app and its mails, the first being the default. */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
/** The colour scheme an account asks for; `system` follows the device. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
