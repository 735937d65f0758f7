// Every endpoint of the API (docs/contract.md sections 3 and 4), by id: its method, its path under /api, who may call
// it and what it does (docs/decisions/022). The one place each is stated: the server registers each route from here
// and its schemas (endpoint-schemas.ts; `route` in server/src/plugins/route-scope.ts), installs its guards from its
// policy, and refuses to start with a route under /api that is not registered from here; the web calls it by id
// (web/src/lib/api-client.ts); web tests mock it by id (web/src/testing/mocks/endpoint.ts); the authorization table
// (server/test/authorization.test.ts) has a row per id. Zod-free: every page of the web app loads it, the sign-in
// page too.
import type { ApiKeyScope, Role } from './constants.ts';

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
  /**
   * A member of the team in X-TENANT-UUID with at least `role` (owner > admin > member); or a team API key that
   * holds the scope `key` (null: no key may call it), which acts for its own team, without X-TENANT-UUID. With
   * `recentSignIn`, a member's session must have signed in within the last 15 minutes (what changes how the team
   * signs in: its domains, single sign-on, its rules).
   */
  | ({
      access: 'tenant';
      role: Role;
      key: ApiKeyScope | null;
      recentSignIn?: true;
      /**
       * The team's rules (require_two_factor, require_sso) refuse a member's session that does not meet them on
       * every team route, except one that says 'reported': it answers, and reads the rules as they hold.
       */
      teamRules?: 'reported';
    } & ViewAs)
  /** A super admin, checked against the database on every request; never an operator's view. */
  | { access: 'super-admin' }
  /** A team's SCIM token (`tscim_`), for its own team; nothing else reaches these routes, and it reaches nothing else. */
  | { access: 'scim' };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointRoute = {
  method: HttpMethod;
  /** Under /api, with Fastify's `:param`s. */
  path: string;
  policy: EndpointPolicy;
  /** The OpenAPI operation's summary. */
  summary: string;
};

const PUBLIC = { access: 'public' } as const;
const SUPER_ADMIN = { access: 'super-admin' } as const;
const SCIM = { access: 'scim' } as const;
const user = (viewAs: ViewAs['viewAs'] = 'allowed') => ({ access: 'user', viewAs }) as const;
/** Every team route says which API key scope may call it, or NO_KEY. */
const team = <K extends ApiKeyScope | null>(role: Role, key: K, viewAs: ViewAs['viewAs'] = 'allowed') =>
  ({ access: 'tenant', role, key, viewAs }) as const;
const NO_KEY = null;
/** How the team signs in (domains, single sign-on, its rules): its admins and owner, from a recent sign-in, never a key or an operator's view. */
const teamSignIn = { ...team('admin', NO_KEY, 'refused'), recentSignIn: true } as const;
/** What changes how the account signs in, or leaves it: the holder's alone. */
const holder = user('refused');

const endpoint =
  <M extends HttpMethod>(method: M) =>
  <P extends string, A extends EndpointPolicy>(path: P, policy: A, summary: string) => ({
    method,
    path,
    policy,
    summary,
  });
const get = endpoint('GET');
const post = endpoint('POST');
const put = endpoint('PUT');
const patch = endpoint('PATCH');
const del = endpoint('DELETE');

export const ENDPOINTS = {
  getHealth: get('/health', PUBLIC, 'Whether the API and its database are up'),
  getHealthLive: get('/health/live', PUBLIC, 'Whether the process runs (liveness)'),
  getHealthReady: get(
    '/health/ready',
    PUBLIC,
    'Whether this instance takes requests: its database and Redis answer',
  ),
  getPublicConfig: get('/config', PUBLIC, 'The settings the web app needs before sign-in'),
  getOpenApi: get('/openapi.json', PUBLIC, 'This OpenAPI document'),
  getDevMailbox: get('/dev/mailbox', PUBLIC, 'Mail sent by a development server (development only)'),

  // Signing in, and the links mailed to an address: the token or the password is the authorization.
  register: post('/auth/register', PUBLIC, 'Create an account'),
  login: post('/auth/login', PUBLIC, 'Sign in with email and password'),
  googleLogin: post('/auth/google-login', PUBLIC, 'Sign in with a Google ID token'),
  verifySecondFactor: post('/auth/2fa/verify', PUBLIC, 'Finish a sign-in with a second-factor code'),
  refreshSession: post('/auth/refresh', PUBLIC, 'Exchange a refresh token for a new token pair'),
  logout: post('/auth/logout', PUBLIC, 'End this session'),
  verifyEmail: get('/auth/verify-email', PUBLIC, 'Verify an email address from its link'),
  requestPasswordReset: post('/auth/reset-password/request', PUBLIC, 'Mail a password-reset link'),
  confirmPasswordReset: post('/auth/reset-password/confirm', PUBLIC, 'Set a new password from a reset link'),
  confirmEmailChange: get('/auth/confirm-email-change', PUBLIC, 'Confirm an email change from its link'),
  passkeyLoginOptions: post('/auth/passkeys/login/options', PUBLIC, 'Begin a passkey sign-in'),
  passkeyLoginVerify: post('/auth/passkeys/login/verify', PUBLIC, 'Finish a passkey sign-in'),
  ssoStart: post('/auth/sso/start', PUBLIC, "Begin a sign-in through the email's team's single sign-on"),
  // Bound to the browser that began the attempt by its cookie; every failure redirects to /login?error=sso.
  ssoCallback: get('/auth/sso/callback', PUBLIC, "The provider's answer to a single sign-on (a redirect)"),
  ssoExchange: post('/auth/sso/exchange', PUBLIC, "Exchange a single sign-on's one-time code for a session"),
  acceptInvitation: get('/invitations/:token/accept', PUBLIC, 'Accept an invitation from its link'),
  setInvitationPassword: post(
    '/invitations/:token/set-password',
    PUBLIC,
    'Set the password of an invited new account',
  ),
  // The link is signed; the webhook is Stripe's signature.
  downloadSignedInvoice: get('/payments/invoices/:id/pdf', PUBLIC, "An invoice's PDF, from a signed link"),
  stripeWebhook: post('/payments/webhook', PUBLIC, "Stripe's events (signed by Stripe)"),

  // The account.
  getMe: get('/auth/me', user(), 'The signed-in account'),
  // An operator viewing as the account sees it in its language, and leaves its preferences as they are.
  updateMe: patch('/auth/me', holder, "Change the account's language or theme"),
  deleteMe: del('/auth/me', holder, 'Delete the account'),
  exportMe: get('/auth/me/export', holder, 'Everything stored about the account, as JSON'),
  updatePassword: post('/auth/update-password', holder, 'Change or set the password'),
  changeEmail: post('/auth/change-email', holder, 'Mail a link that confirms a new email address'),
  resendVerification: post(
    '/auth/verify-email/resend',
    holder,
    'Mail a new link that verifies the email address',
  ),
  listSessions: get('/auth/sessions', holder, "The account's open sessions"),
  revokeSession: del('/auth/sessions/:id', holder, 'End one session'),
  revokeOtherSessions: post('/auth/sessions/revoke-others', holder, 'End every other session'),
  setupTwoFactor: post('/auth/2fa/setup', holder, 'Begin turning on two-factor authentication'),
  enableTwoFactor: post('/auth/2fa/enable', holder, 'Turn on two-factor authentication'),
  disableTwoFactor: post('/auth/2fa/disable', holder, 'Turn off two-factor authentication'),
  listPasskeys: get('/auth/passkeys', holder, "The account's passkeys"),
  passkeyRegisterOptions: post('/auth/passkeys/register/options', holder, 'Begin adding a passkey'),
  passkeyRegisterVerify: post('/auth/passkeys/register/verify', holder, 'Finish adding a passkey'),
  deletePasskey: del('/auth/passkeys/:id', holder, 'Remove a passkey'),
  ssoLink: post('/auth/sso/link', holder, "Link a single sign-on's identity to the signed-in account"),
  listSsoIdentities: get('/auth/sso/identities', holder, "The providers' identities linked to the account"),
  // Ends the operator's view: the one call only a view makes (anyone else gets 400).
  stopImpersonation: post('/auth/impersonation/stop', user(), "End an operator's view of the app as a user"),

  // Teams.
  listTenants: get('/tenants', user(), 'The teams the account belongs to'),
  createTenant: post('/tenants', user(), 'Create a team'),
  // Never refused by the team's rules: it says what they are, so the web app can lead a member to meet them.
  getTenant: get(
    '/tenant',
    { ...team('member', NO_KEY), teamRules: 'reported' },
    'The team in X-TENANT-UUID',
  ),
  updateTenant: put('/tenant', team('admin', NO_KEY), 'Rename or describe the team'),
  deleteTenant: del('/tenant', team('owner', NO_KEY, 'refused'), 'Delete the team'),
  transferOwnership: post(
    '/tenant/transfer-ownership',
    team('owner', NO_KEY, 'refused'),
    'Make another member the owner',
  ),
  getUsage: get('/tenant/usage', team('member', NO_KEY), "The team's use of its plan's limits"),

  // Members and invitations.
  listMembers: get('/members', team('member', 'members:read'), "The team's members"),
  removeMember: del('/members', team('admin', NO_KEY, 'refused'), 'Remove a member from the team'),
  changeMemberRole: patch('/members/role', team('admin', NO_KEY, 'refused'), "Change a member's role"),
  invite: post('/invite', team('admin', NO_KEY, 'refused'), 'Invite someone to the team by email'),
  listInvitations: get('/invitations', team('admin', NO_KEY), "The team's pending invitations"),
  revokeInvitation: del('/invitations/:uuid', team('admin', NO_KEY), 'Revoke a pending invitation'),
  resendInvitation: post(
    '/invitations/:uuid/resend',
    team('admin', NO_KEY, 'refused'),
    'Mail a pending invitation again',
  ),

  // The team's work.
  listItems: get('/items/', team('member', 'items:read'), "The team's items, newest first"),
  createItem: post('/items/', team('member', 'items:write'), 'Create an item'),
  getItem: get('/items/:id', team('member', 'items:read'), 'One item'),
  updateItem: patch('/items/:id', team('member', 'items:write'), "Change an item's name or description"),
  deleteItem: del('/items/:id', team('member', 'items:write'), 'Delete an item'),
  listActivity: get('/activity', team('admin', 'activity:read'), "The team's activity log, newest first"),
  exportActivity: get(
    '/activity/export',
    team('admin', 'activity:read', 'refused'),
    "The team's activity log as CSV",
  ),
  sendFeedback: post('/feedback/', team('member', NO_KEY), 'Send feedback to the operators'),

  // The developer platform: the team's API keys and webhooks, managed by its admins and owner (never by a key).
  createApiKey: post('/api-keys', team('admin', NO_KEY, 'refused'), 'Create an API key for the team'),
  listApiKeys: get('/api-keys', team('admin', NO_KEY), "The team's API keys"),
  revokeApiKey: del('/api-keys/:id', team('admin', NO_KEY, 'refused'), 'Revoke an API key'),
  createWebhook: post('/webhooks', team('admin', NO_KEY, 'refused'), 'Add a webhook endpoint'),
  listWebhooks: get('/webhooks', team('admin', NO_KEY), "The team's webhook endpoints"),
  updateWebhook: patch(
    '/webhooks/:id',
    team('admin', NO_KEY, 'refused'),
    "Change a webhook endpoint's URL or events, or turn it on or off",
  ),
  deleteWebhook: del('/webhooks/:id', team('admin', NO_KEY, 'refused'), 'Remove a webhook endpoint'),
  testWebhook: post(
    '/webhooks/:id/test',
    team('admin', NO_KEY, 'refused'),
    'Send a ping to a webhook endpoint',
  ),
  listWebhookDeliveries: get(
    '/webhooks/:id/deliveries',
    team('admin', NO_KEY),
    "A webhook endpoint's deliveries, newest first",
  ),
  retryWebhookDelivery: post(
    '/webhooks/:id/deliveries/:delivery_id/retry',
    team('admin', NO_KEY, 'refused'),
    'Send a delivery again',
  ),

  // Enterprise identity: the domains the team proves it holds and its single sign-on (Business plan).
  listDomains: get('/domains', teamSignIn, "The team's domains, with the TXT record that proves each"),
  addDomain: post('/domains', teamSignIn, 'Add a domain, to prove through a DNS TXT record'),
  verifyDomain: post('/domains/:id/verify', teamSignIn, "Look up a domain's TXT record and verify it"),
  removeDomain: del('/domains/:id', teamSignIn, 'Remove a domain'),
  getSso: get('/sso', teamSignIn, "The team's single sign-on provider"),
  saveSso: put('/sso', teamSignIn, "Set the team's single sign-on provider (OpenID Connect)"),
  removeSso: del('/sso', teamSignIn, "Remove the team's single sign-on"),
  getTeamSecurity: get('/tenant/security', teamSignIn, "The team's security rules, and whom they reach"),
  updateTeamSecurity: patch(
    '/tenant/security',
    teamSignIn,
    'Require two-factor authentication or single sign-on of members',
  ),
  getScimToken: get('/scim-token', teamSignIn, "The team's SCIM token: when and by whom it was made"),
  createScimToken: post('/scim-token', teamSignIn, "Make the team's SCIM token, replacing its earlier one"),
  revokeScimToken: del('/scim-token', teamSignIn, "Revoke the team's SCIM token"),

  // SCIM 2.0 (RFC 7644), for a company's directory: the team's members, in SCIM's own bodies.
  scimServiceProviderConfig: get('/scim/v2/ServiceProviderConfig', SCIM, 'What this SCIM service supports'),
  scimResourceTypes: get('/scim/v2/ResourceTypes', SCIM, 'The resource types served (User)'),
  scimResourceType: get('/scim/v2/ResourceTypes/:id', SCIM, 'One resource type'),
  scimSchemas: get('/scim/v2/Schemas', SCIM, 'The schemas served (the core User schema)'),
  scimSchema: get('/scim/v2/Schemas/:id', SCIM, 'One schema'),
  scimListUsers: get('/scim/v2/Users', SCIM, "The team's directory members, filtered and paged"),
  scimGetUser: get('/scim/v2/Users/:id', SCIM, 'One directory member'),
  scimCreateUser: post('/scim/v2/Users', SCIM, 'Provision a member'),
  scimReplaceUser: put('/scim/v2/Users/:id', SCIM, "Replace a member's directory attributes"),
  scimPatchUser: patch('/scim/v2/Users/:id', SCIM, "Change a member's directory attributes"),
  scimDeleteUser: del('/scim/v2/Users/:id', SCIM, 'Deprovision a member (removes the membership)'),

  // Billing.
  listPlans: get('/payments/plans', user(), 'The plans on offer'),
  getSubscription: get('/payments/subscription', team('member', NO_KEY), "The team's subscription"),
  listInvoices: get('/payments/invoices', team('member', NO_KEY), "The team's invoices"),
  getUpcomingInvoice: get(
    '/payments/invoices/upcoming',
    team('member', NO_KEY),
    "The team's next invoice as it stands",
  ),
  getInvoiceDownloadLink: get(
    '/payments/invoices/:id/download',
    team('admin', NO_KEY),
    "A signed link to an invoice's PDF",
  ),
  createCheckout: post('/payments/checkout', team('admin', NO_KEY, 'refused'), 'Start a checkout for a plan'),
  createPortal: post('/payments/portal', team('admin', NO_KEY, 'refused'), 'Open the billing portal'),
  // The test-mode checkout page names its team itself: its service checks the caller's role there.
  getLocalCheckout: get('/payments/local/checkout/:session_id', user(), 'A test-mode checkout session'),
  payLocalCheckout: post(
    '/payments/local/checkout/:session_id/pay',
    holder,
    'Pay a test-mode checkout session',
  ),
  changeLocalPlan: post(
    '/payments/local/portal/change-plan',
    team('admin', NO_KEY, 'refused'),
    'Change plan (test mode)',
  ),
  cancelLocalSubscription: post(
    '/payments/local/portal/cancel',
    team('admin', NO_KEY, 'refused'),
    "Cancel at the period's end (test mode)",
  ),
  resumeLocalSubscription: post(
    '/payments/local/portal/resume',
    team('admin', NO_KEY, 'refused'),
    'Resume a cancelled subscription (test mode)',
  ),

  // Operators.
  adminListTenants: get('/super-admin/tenants', SUPER_ADMIN, 'Every team (operators)'),
  adminGetTenant: get('/super-admin/tenants/:id', SUPER_ADMIN, 'One team in detail (operators)'),
  adminListFeedback: get('/super-admin/feedback', SUPER_ADMIN, 'Feedback sent by users (operators)'),
  adminGetMetrics: get('/super-admin/metrics', SUPER_ADMIN, "The product's figures (operators)"),
  adminListUsers: get('/super-admin/users', SUPER_ADMIN, 'Every account (operators)'),
  adminGetUser: get('/super-admin/users/:uuid', SUPER_ADMIN, 'One account in detail (operators)'),
  adminListAudit: get('/super-admin/audit', SUPER_ADMIN, 'What operators did (operators)'),
  adminSuspendUser: post('/super-admin/users/:uuid/suspend', SUPER_ADMIN, 'Suspend an account (operators)'),
  adminUnsuspendUser: post(
    '/super-admin/users/:uuid/unsuspend',
    SUPER_ADMIN,
    "Lift an account's suspension (operators)",
  ),
  adminImpersonate: post(
    '/super-admin/users/:uuid/impersonate',
    SUPER_ADMIN,
    'View the app as a user (operators)',
  ),
} as const satisfies Record<string, EndpointRoute>;

export type EndpointId = keyof typeof ENDPOINTS;

/** `METHOD /path` of an endpoint, without a trailing slash: how a route registered under /api is recognised. */
export const routeKey = (method: string, path: string) => `${method} ${path.replace(/\/$/, '')}`;
