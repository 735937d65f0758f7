// Who may call each endpoint of the API (docs/contract.md sections 3 and 4): the one place it is stated. The server
// installs every route's guards from it and refuses to start with a route it does not list
// (server/src/plugins/route-policy.ts); the authorization table (server/test/authorization.test.ts) checks the answers.
import type { Role } from './tenants.ts';

/**
 * An operator viewing the app as a user (docs/contract.md section 4, operators) acts as that user, except where
 * `viewAs` is 'refused': what changes how the account signs in, or what leaves it, is the holder's alone (403).
 */
type ViewAs = { viewAs: 'allowed' | 'refused' };

export type EndpointPolicy =
  /** Anyone: the route authorizes by what it is sent (a token in a link, a signature), if at all. */
  | { access: 'public' }
  /** A signed-in user with an open session. */
  | ({ access: 'user' } & ViewAs)
  /** A member of the team in X-TENANT-UUID with at least `role` (owner > admin > member). */
  | ({ access: 'tenant'; role: Role } & ViewAs)
  /** A super admin, checked against the database on every request; never an operator's view. */
  | { access: 'super-admin' };

const PUBLIC = { access: 'public' } as const;
const SUPER_ADMIN = { access: 'super-admin' } as const;
const user = (viewAs: ViewAs['viewAs'] = 'allowed') => ({ access: 'user', viewAs }) as const;
const team = (role: Role, viewAs: ViewAs['viewAs'] = 'allowed') =>
  ({ access: 'tenant', role, viewAs }) as const;
/** What changes how the account signs in, or leaves it: the holder's alone. */
const holder = user('refused');

/** Every endpoint under /api, as `METHOD /path` (Fastify's `:param`s, no trailing slash), and who may call it. */
export const ENDPOINT_POLICIES = {
  'GET /health': PUBLIC,
  'GET /config': PUBLIC,
  'GET /openapi.json': PUBLIC,
  'GET /dev/mailbox': PUBLIC,

  // Signing in, and the links mailed to an address: the token or the password is the authorization.
  'POST /auth/register': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/google-login': PUBLIC,
  'POST /auth/2fa/verify': PUBLIC,
  'POST /auth/refresh': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'GET /auth/verify-email': PUBLIC,
  'POST /auth/reset-password/request': PUBLIC,
  'POST /auth/reset-password/confirm': PUBLIC,
  'GET /auth/confirm-email-change': PUBLIC,
  'POST /auth/passkeys/login/options': PUBLIC,
  'POST /auth/passkeys/login/verify': PUBLIC,
  'GET /invitations/:token/accept': PUBLIC,
  'POST /invitations/:token/set-password': PUBLIC,
  // The link is signed; the webhook is Stripe's signature.
  'GET /payments/invoices/:id/pdf': PUBLIC,
  'POST /payments/webhook': PUBLIC,

  // The account.
  'GET /auth/me': user(),
  'DELETE /auth/me': holder,
  'GET /auth/me/export': holder,
  'POST /auth/update-password': holder,
  'POST /auth/change-email': holder,
  'GET /auth/sessions': holder,
  'DELETE /auth/sessions/:id': holder,
  'POST /auth/sessions/revoke-others': holder,
  'POST /auth/2fa/setup': holder,
  'POST /auth/2fa/enable': holder,
  'POST /auth/2fa/disable': holder,
  'GET /auth/passkeys': holder,
  'POST /auth/passkeys/register/options': holder,
  'POST /auth/passkeys/register/verify': holder,
  'DELETE /auth/passkeys/:id': holder,
  // Ends the operator's view: the one call only a view makes (anyone else gets 400).
  'POST /auth/impersonation/stop': user(),

  // Teams.
  'GET /tenants': user(),
  'POST /tenants': user(),
  'GET /tenant': team('member'),
  'PUT /tenant': team('admin'),
  'DELETE /tenant': team('owner', 'refused'),
  'POST /tenant/transfer-ownership': team('owner', 'refused'),
  'GET /tenant/usage': team('member'),

  // Members and invitations.
  'GET /members': team('member'),
  'DELETE /members': team('admin', 'refused'),
  'PATCH /members/role': team('admin', 'refused'),
  'POST /invite': team('admin', 'refused'),
  'GET /invitations': team('admin'),
  'DELETE /invitations/:uuid': team('admin'),
  'POST /invitations/:uuid/resend': team('admin', 'refused'),

  // The team's work.
  'GET /items': team('member'),
  'POST /items': team('member'),
  'GET /items/:id': team('member'),
  'PATCH /items/:id': team('member'),
  'DELETE /items/:id': team('member'),
  'GET /activity': team('admin'),
  'GET /activity/export': team('admin', 'refused'),
  'POST /feedback': team('member'),

  // Billing.
  'GET /payments/plans': user(),
  'GET /payments/subscription': team('member'),
  'GET /payments/invoices': team('member'),
  'GET /payments/invoices/:id/download': team('admin'),
  'POST /payments/checkout': team('admin', 'refused'),
  'POST /payments/portal': team('admin', 'refused'),
  // The test-mode checkout page names its team itself: its service checks the caller's role there.
  'GET /payments/local/checkout/:session_id': user(),
  'POST /payments/local/checkout/:session_id/pay': holder,
  'POST /payments/local/portal/change-plan': team('admin', 'refused'),
  'POST /payments/local/portal/cancel': team('admin', 'refused'),
  'POST /payments/local/portal/resume': team('admin', 'refused'),

  // Operators.
  'GET /super-admin/tenants': SUPER_ADMIN,
  'GET /super-admin/tenants/:id': SUPER_ADMIN,
  'GET /super-admin/feedback': SUPER_ADMIN,
  'GET /super-admin/metrics': SUPER_ADMIN,
  'GET /super-admin/users': SUPER_ADMIN,
  'GET /super-admin/users/:uuid': SUPER_ADMIN,
  'GET /super-admin/audit': SUPER_ADMIN,
  'POST /super-admin/users/:uuid/suspend': SUPER_ADMIN,
  'POST /super-admin/users/:uuid/unsuspend': SUPER_ADMIN,
  'POST /super-admin/users/:uuid/impersonate': SUPER_ADMIN,
} as const satisfies Record<string, EndpointPolicy>;

export type Endpoint = keyof typeof ENDPOINT_POLICIES;
