/**
 * The contract's plain values, without zod: the web app imports them through `@app/contract/constants` on the
 * sign-in page's path, whose JavaScript budget (e2e/tests/bundle-budget.spec.ts) has no room for zod. The index
 * re-exports them, so the server and the rest of the web import them from `@app/contract` as usual.
 */

/** docs/contract.md section 3: lists answer at most `limit` entries; `X-Next-Cursor` names the next page when one exists. */
export const MAX_PAGE_SIZE = 100;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * The app's own pages of the built-in test-mode provider (PAYMENTS_PROVIDER=local), which its checkout and portal
 * answer; billing.ts lists the API those pages call.
 */
export const localBillingPaths = {
  checkout: (sessionId: string) => `/billing/checkout/${encodeURIComponent(sessionId)}`,
  portal: (tenantUuid: string) => `/billing/portal?tenant=${encodeURIComponent(tenantUuid)}`,
} as const;

/**
 * The `code` of every error body (docs/contract.md section 3): stable, snake_case, beside the human `detail`, which
 * may be reworded at any time; a client branches on the code, never on the text. Most name the kind of failure; the
 * few specific ones exist only where a client must tell apart two refusals of the same status.
 */
export const ERROR_CODES = [
  /** 400: the request cannot be taken as sent (a service's refusal, or malformed JSON, URL or body, too large). */
  'bad_request',
  /** 401: not signed in, or a credential (password, Google token, link, second step) was refused. */
  'unauthorized',
  /** 402: a card payment was refused (the test-mode checkout). */
  'payment_required',
  /** 402: an addition beyond the team's plan (a member, an item); an upgrade lifts it. */
  'plan_limit',
  /** 403: signed in, but not allowed this. */
  'forbidden',
  /** 404: no such thing, or no such API path. */
  'not_found',
  /** 400: the change clashes with what is there (an email already registered, a member already in the team). */
  'conflict',
  /** 422: a value the service refused (the request's shape was fine). */
  'invalid',
  /** 422: the request does not match its schema; `detail` names the first field. */
  'validation',
  /** 429: too many requests or attempts; Retry-After says when to try again. */
  'rate_limited',
  /** 503: the database or an upstream service is unavailable; try again. */
  'unavailable',
  /** 500: a failure of the server's own; `detail` says nothing more. */
  'internal',
  // Specific codes, each sent instead of its kind's:
  /**
   * 401 instead of `unauthorized`: the access token is expired or invalid, or its session has ended (signed out,
   * password replaced, address reclaimed). The session is over, unlike a wrong password.
   */
  'session_ended',
  /**
   * 403 instead of `forbidden`: the change needs a sign-in from the last 15 minutes (adding a second factor or a
   * first password, signing out the other sessions). Signing in again lifts it.
   */
  'recent_sign_in_required',
  /** 400 instead of `bad_request`: two-factor is on and the change was sent without a second-factor code. */
  'second_factor_required',
  /** 400 instead of `bad_request`: the second-factor code (TOTP or recovery code) is wrong or already spent. */
  'second_factor_invalid',
  /** 403 instead of `forbidden`: making an API key or a webhook endpoint needs a verified email. */
  'email_unverified',
  /** 400 instead of `bad_request`: the current password, asked to confirm a change of the account, is wrong. */
  'wrong_password',
  /** 400 instead of `bad_request`: a webhook URL that is not a public https address. */
  'webhook_url_refused',
] as const;

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
/** Live (not revoked) keys a team may hold. */
export const MAX_API_KEYS = 10;

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
