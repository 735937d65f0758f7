// The authorization table: every route the app serves under /api × every kind of caller → the status docs/contract.md
// section 3 gives (where it is silent, the app's own safe answer, noted on the row). Team routes are also tried across
// tenants: with another team's X-TENANT-UUID, and with another team's object in the URL or body. A route added under
// /api without a row here fails the last tests.
import { randomInt, randomUUID } from 'node:crypto';

import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type EndpointId,
  ENDPOINTS,
  ErrorBodySchema,
  type Role,
  ScimErrorSchema,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { plans, subscriptions } from '../src/db/schema/billing.ts';
import { teamDomains } from '../src/db/schema/domains.ts';
import { tenants } from '../src/db/schema/tenants.ts';
import { users } from '../src/db/schema/users.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  latestMailTo,
  registerUser,
  registerVerifiedUser,
  testConfig,
  type TestApp,
  uniqueEmail,
} from './helpers.ts';
import { subscribeLocally, TEST_CARD } from './local-billing.ts';
import { listRoutes } from './routes.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

const PASSWORD = 'correct horse battery';
const ROOT_EMAIL = 'root@example.com';
const UNKNOWN_TEAM = '00000000-0000-4000-8000-000000000000';
const APP_ORIGIN = { origin: 'http://localhost:3000', rpId: 'localhost' };
const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

/**
 * owner, admin and member are of team A; "other team" owns team B; the super admins belong to no team. "viewing as
 * member" is a super admin's view of the app as team A's member (impersonation), opened afresh for each call. Each
 * "API key" is one of team A's keys with that one scope, sent without X-TENANT-UUID.
 */
type KeyCaller = `API key ${ApiKeyScope}`;
type Caller =
  | Role
  | 'other team'
  | 'super admin'
  | 'super admin by email'
  | 'viewing as member'
  | 'signed out'
  | 'SCIM token'
  | KeyCaller;
const keyCallers = API_KEY_SCOPES.map((scope): KeyCaller => `API key ${scope}`);
const callers: Caller[] = [
  'owner',
  'admin',
  'member',
  'other team',
  'super admin',
  'super admin by email',
  'viewing as member',
  'signed out',
  'SCIM token',
  ...keyCallers,
];
const isKey = (caller: Caller): caller is KeyCaller => caller.startsWith('API key ');
const scopeOf = (caller: KeyCaller) => caller.slice('API key '.length) as ApiKeyScope;
const roles: Role[] = ['owner', 'admin', 'member'];
const isRole = (caller: Caller): caller is Role => (roles as string[]).includes(caller);

type Ids = Record<string, string>;
type Who =
  | 'public'
  | 'signed in'
  | 'super admins'
  /** Team A's SCIM token, and nobody else: /api/scim/v2. */
  | 'scim'
  // scope 'team': the X-TENANT-UUID header names the team. 'checkout session': the session does, and someone outside
  // its team gets the same 404 as for an unknown session.
  | { scope: 'team' | 'checkout session'; roles: Role[] };
type Row = (
  | { endpoint: EndpointId; route?: never }
  /** A route under /api that is no endpoint (the API's documentation), as Fastify prints it. */
  | { route: string; endpoint?: never }
) & {
  who: Who;
  /** The answer to a caller the row allows. */
  status: number;
  /** Fresh state for one call: ids for the URL's `:name`s and the body; `team` replaces team A in the header. */
  prepare?: () => Promise<Ids>;
  url?: (ids: Ids) => string;
  body?: (ids: Ids) => object;
  /**
   * The API key scope that may call a team route (null: none may), stated on every team row, with no fallback, so a
   * new team route cannot inherit an answer: a key with it gets `status`, any other key 403.
   */
  key?: ApiKeyScope | null;
  /**
   * The answer to an operator viewing as team A's member, stated on every row a signed-in caller may reach (no
   * fallback to the member's answer, so a new route cannot inherit one): what changes how the account signs in, or
   * what leaves it, is the holder's alone (403). A public route ignores who calls; a super admin's refuses every view.
   */
  asViewer?: number;
  /** Called from team A with team B's object in place of team A's: the answer, and the object stays as it was. */
  foreign?: { object: keyof typeof objectsOfTeamB; status: number };
};

/** `METHOD /path` of a row, the endpoint's path without a trailing slash, as Fastify prints it. */
const routeOf = (row: Row) =>
  row.endpoint === undefined
    ? row.route
    : `${ENDPOINTS[row.endpoint].method} /api${ENDPOINTS[row.endpoint].path.replace(/\/$/, '')}`;
/** How a row's tests are named: the endpoint's id, and its method and path. */
const nameOf = (row: Row) => (row.endpoint === undefined ? row.route : `${row.endpoint} (${routeOf(row)})`);

let app: TestApp;
const as = {} as Record<
  Exclude<Caller, 'signed out' | 'viewing as member' | 'SCIM token' | KeyCaller>,
  { token: string; email: string }
>;
/** Team A's key of each key caller, made once: by id, so the rows that create and revoke keys keep them. */
const keys = {} as Record<KeyCaller, { id: string; key: string }>;
let teamA: string;
let teamB: string;
let invoiceA: string;
let invoiceB: string;

beforeAll(async () => {
  app = await buildTestApp({
    config: testConfig({ SUPER_ADMIN_EMAILS: ROOT_EMAIL }),
    // Team A sends far more than 50 invitations here; the limit has its own test (pending-invitations.test.ts).
    limits: { invitations: { max: 1_000, timeWindow: 60 * 60_000 } },
  });
  // Team A takes far more members and items than any plan allows, and this file's billing states move it between
  // plans; the limits have their own tests (billing/plan-limits.test.ts).
  // The same for the Business plan's verified domains (enterprise/domains.test.ts holds the gate).
  await app.database.db.update(plans).set({ memberLimit: null, itemLimit: null, enterpriseIdentity: true });
  // Verified, as the invited callers are: setting up two-factor asks for it.
  const owner = await registerVerifiedUser(app);
  teamA = (await createTeam(app, owner, 'Team A')).uuid;
  as.owner = { token: owner.access_token, email: owner.email };
  for (const role of ['admin', 'member'] as const) {
    const joined = await joinTeam(app, owner, teamA, role);
    // Invited accounts start without a password; with one, every caller changes theirs the same way.
    await app.inject({
      method: 'POST',
      url: `/api/invitations/${joined.token}/set-password`,
      payload: { password: PASSWORD },
    });
    as[role] = { token: joined.access_token, email: joined.email };
  }
  const other = await registerVerifiedUser(app);
  teamB = (await createTeam(app, other, 'Team B')).uuid;
  as['other team'] = { token: other.access_token, email: other.email };
  const root = await registerVerifiedUser(app, ROOT_EMAIL);
  as['super admin by email'] = { token: root.access_token, email: root.email };
  const promoted = await registerVerifiedUser(app);
  await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, promoted.email));
  as['super admin'] = { token: promoted.access_token, email: promoted.email };

  // The keys are an admin's who is no caller here: the callers' password changes and sign-outs would revoke the
  // keys they made (docs/contract.md section 4, Credential lifecycle).
  const keeper = await joinTeam(app, owner, teamA, 'admin');
  for (const caller of keyCallers) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: inTenant(keeper.access_token, teamA),
      payload: { name: caller, scopes: [scopeOf(caller)] },
    });
    keys[caller] = created.json();
  }

  await subscribeLocally(app, owner, teamA);
  await subscribeLocally(app, other, teamB);
  invoiceA = (await firstInvoice(owner.access_token, teamA)).id;
  invoiceB = (await firstInvoice(other.access_token, teamB)).id;
});
afterAll(() => app.close());

async function firstInvoice(token: string, team: string) {
  const response = await app.inject({ url: '/api/payments/invoices', headers: inTenant(token, team) });
  return (response.json() as { id: string }[])[0]!;
}

const ownerTokenOf = (team: string) => (team === teamA ? as.owner.token : as['other team'].token);

const asOwnerOf = (team: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: inTenant(ownerTokenOf(team), team), payload });

async function newItem(team: string) {
  return { id: (await asOwnerOf(team, 'POST', '/api/items/', { name: 'Target' })).json().uuid as string };
}

async function newMember(team: string) {
  return { user: (await joinTeam(app, { access_token: ownerTokenOf(team) }, team, 'member')).user_uuid };
}

/** A fresh invitation to team A, accepted or not. */
async function newInvitation(accepted: boolean) {
  const email = uniqueEmail();
  await asOwnerOf(teamA, 'POST', '/api/invite', { email, role: 'member' });
  const { token } = await latestMailTo(app, email);
  if (accepted) await app.inject({ url: `/api/invitations/${token}/accept` });
  return { token: token! };
}

/** A pending invitation of a team, by its uuid as the Team page lists it. */
async function pendingInvitation(team: string) {
  await asOwnerOf(team, 'POST', '/api/invite', { email: uniqueEmail(), role: 'member' });
  const [newest] = (await asOwnerOf(team, 'GET', '/api/invitations?limit=1')).json() as { uuid: string }[];
  return { id: newest!.uuid };
}

/** A team to end or hand over, with team A's owner, admin and member in their roles, and one more member. */
async function scratchTeam() {
  const team = (await createTeam(app, { access_token: as.owner.token }, 'Scratch')).uuid;
  for (const role of ['admin', 'member'] as const) {
    await app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: inTenant(as.owner.token, team),
      payload: { email: as[role].email, role },
    });
    const { token } = await latestMailTo(app, as[role].email);
    await app.inject({ url: `/api/invitations/${token}/accept` });
  }
  const { user_uuid } = await joinTeam(app, { access_token: as.owner.token }, team, 'member');
  return { team, user: user_uuid };
}

/** Sets a team's subscription straight in the database, so each billing call starts from the state it needs. */
async function billing(team: string, state: { status: 'active' | 'canceled'; cancelAtPeriodEnd?: boolean }) {
  await app.database.db
    .update(subscriptions)
    .set({ planId: 'pro', interval: 'monthly', cancelAtPeriodEnd: false, ...state })
    .where(eq(subscriptions.tenantId, team));
}

const inBillingState = (state: Parameters<typeof billing>[1]) => async () => {
  await billing(teamA, state);
  return {};
};

/** An open checkout session of a team, as its owner's checkout opens it. */
async function openCheckout(team: string) {
  await billing(team, { status: 'canceled' });
  const { url } = (await asOwnerOf(team, 'POST', '/api/payments/checkout', { plan_id: 'pro' })).json();
  return { session: (url as string).split('/').pop()! };
}

async function invoiceLink(invoice: string) {
  const { download_url } = (
    await asOwnerOf(teamA, 'GET', `/api/payments/invoices/${invoice}/download`)
  ).json() as { download_url: string };
  return { id: invoice, token: new URL(download_url, 'http://localhost').searchParams.get('token')! };
}

/**
 * Room for one more key in team A (at most 10 live): the keys earlier calls made are revoked, the key callers' kept.
 * Answers a fresh key of team A to revoke.
 */
async function roomForKeys() {
  const kept = new Set(Object.values(keys).map(({ id }) => id));
  const live = (await asOwnerOf(teamA, 'GET', '/api/api-keys')).json() as { id: string }[];
  for (const { id } of live.filter(({ id }) => !kept.has(id))) {
    await app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${id}`,
      headers: inTenant(as.owner.token, teamA),
    });
  }
  return {};
}

async function newKey(team: string) {
  if (team === teamA) await roomForKeys();
  const created = await asOwnerOf(team, 'POST', '/api/api-keys', { name: 'Target', scopes: ['items:read'] });
  return { id: created.json().id as string };
}

/**
 * A webhook endpoint of a team (team A's earlier ones removed first: a team holds at most 10), off unless `on`, so that
 * the worker leaves its deliveries as they are while the calls read them.
 */
async function newWebhook(team: string, on = false) {
  if (team === teamA) await roomForWebhooks();
  const created = await asOwnerOf(team, 'POST', '/api/webhooks', {
    url: 'http://127.0.0.1:9/hook',
    events: ['item.created'],
  });
  const { id } = created.json() as { id: string };
  if (!on) await asOwnerOf(team, 'PATCH', `/api/webhooks/${id}`, { enabled: false });
  return { id };
}

async function roomForWebhooks() {
  const endpoints = (await asOwnerOf(teamA, 'GET', '/api/webhooks')).json() as { id: string }[];
  for (const { id } of endpoints) {
    await app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${id}`,
      headers: inTenant(as.owner.token, teamA),
    });
  }
  return {};
}

/**
 * A delivery of a team's endpoint: a ping, its endpoint then turned off. The worker may have claimed the ping before
 * the endpoint went off: its attempt is waited for, so that the delivery stays as it is from here on.
 */
async function newDelivery(team: string) {
  const { id } = await newWebhook(team, true);
  const ping = await asOwnerOf(team, 'POST', `/api/webhooks/${id}/test`);
  await asOwnerOf(team, 'PATCH', `/api/webhooks/${id}`, { enabled: false });
  await app.webhooks.drain();
  return { id, delivery_id: ping.json().id as string };
}

async function freshSession() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: as.owner.email, password: PASSWORD },
  });
  return { refresh: response.json().refresh_token as string };
}

async function mailedToken(email: string) {
  return { token: (await latestMailTo(app, email)).token! };
}

/** Team B's objects, made when a call needs one, and how team B's owner reads each. */
/**
 * A domain of a team, written straight to its table (verified, unless `verified` is false): verifying one through DNS
 * is enterprise/domains.test.ts's, and a verified one answers Verify as it is.
 */
/**
 * Team A's SCIM token, made afresh (the rows that make and revoke the team's token replace it), from a recent sign-in
 * of its owner's.
 */
async function scimToken() {
  const made = await asOwnerOf(teamA, 'POST', '/api/scim-token');
  expect(made.statusCode, made.body).toBe(201);
  return made.json().token as string;
}

const withScimToken = async () => {
  await scimToken();
  return {};
};

/** A member of team A provisioned by its directory, on a verified domain of its own: their SCIM id. */
async function provisioned() {
  const { domain } = await newDomain(teamA);
  const made = await app.inject({
    method: 'POST',
    url: '/api/scim/v2/Users',
    headers: bearer(await scimToken()),
    payload: { schemas: [SCIM_USER], userName: `someone@${domain}` },
  });
  expect(made.statusCode, made.body).toBe(201);
  return { id: made.json().id as string, domain };
}

async function newDomain(team: string, verified = true) {
  const [row] = await app.database.db
    .insert(teamDomains)
    .values({
      tenantId: team,
      domain: `d${randomInt(1e9)}.example.org`,
      txtValue: 'tessera-verification=test',
      verifiedAt: verified ? new Date() : null,
    })
    .returning({ id: teamDomains.id, domain: teamDomains.domain });
  return { id: row!.id, domain: row!.domain };
}

const objectsOfTeamB = {
  item: {
    make: () => newItem(teamB),
    read: async ({ id }: Ids) => (await asOwnerOf(teamB, 'GET', `/api/items/${id}`)).json(),
  },
  member: {
    make: () => newMember(teamB),
    read: async ({ user }: Ids) =>
      ((await asOwnerOf(teamB, 'GET', '/api/members')).json() as { user_uuid: string }[]).find(
        (member) => member.user_uuid === user,
      ),
  },
  invoice: {
    make: async () => ({ id: invoiceB }),
    read: async ({ id }: Ids) =>
      ((await asOwnerOf(teamB, 'GET', '/api/payments/invoices')).json() as { id: string }[]).find(
        (invoice) => invoice.id === id,
      ),
  },
  // Team B's invoice behind a link token that team A's owner was given for team A's invoice.
  'invoice with team A’s link': {
    make: async () => ({ ...(await invoiceLink(invoiceA)), id: invoiceB }),
    read: async () => objectsOfTeamB.invoice.read({ id: invoiceB }),
  },
  invitation: {
    make: () => pendingInvitation(teamB),
    read: async ({ id }: Ids) =>
      ((await asOwnerOf(teamB, 'GET', '/api/invitations')).json() as { uuid: string }[]).find(
        (invitation) => invitation.uuid === id,
      ),
  },
  'API key': {
    make: () => newKey(teamB),
    read: async ({ id }: Ids) =>
      ((await asOwnerOf(teamB, 'GET', '/api/api-keys')).json() as { id: string }[]).find(
        (key) => key.id === id,
      ),
  },
  webhook: {
    make: () => newWebhook(teamB),
    read: async ({ id }: Ids) =>
      ((await asOwnerOf(teamB, 'GET', '/api/webhooks')).json() as { id: string }[]).find(
        (endpoint) => endpoint.id === id,
      ),
  },
  delivery: {
    make: () => newDelivery(teamB),
    read: async ({ id, delivery_id }: Ids) =>
      ((await asOwnerOf(teamB, 'GET', `/api/webhooks/${id}/deliveries`)).json() as { id: string }[]).find(
        (delivery) => delivery.id === delivery_id,
      ),
  },
  domain: {
    make: () => newDomain(teamB),
    read: async ({ id }: Ids) =>
      ((await asOwnerOf(teamB, 'GET', '/api/domains')).json() as { id: string }[]).find(
        (domain) => domain.id === id,
      ),
  },
  'checkout session': {
    make: () => openCheckout(teamB),
    read: async ({ session }: Ids) =>
      (
        await app.inject({
          url: `/api/payments/local/checkout/${session}`,
          headers: bearer(as['other team'].token),
        })
      ).json(),
  },
};

const OWNER: Role[] = ['owner'];
const ADMINS: Role[] = ['owner', 'admin'];
const MEMBERS: Role[] = ['owner', 'admin', 'member'];
const team = (allowed: Role[]) => ({ scope: 'team', roles: allowed }) as const;

const rows: Row[] = [
  // Public: no sign-in, and a bearer token changes nothing.
  { endpoint: 'getHealth', who: 'public', status: 200 },
  { endpoint: 'getHealthLive', who: 'public', status: 200 },
  { endpoint: 'getHealthReady', who: 'public', status: 200 },
  { endpoint: 'getPublicConfig', who: 'public', status: 200 },
  { endpoint: 'getOpenApi', who: 'public', status: 200 },
  { route: 'GET /api/docs', who: 'public', status: 200 },
  { route: 'GET /api/docs/static/index.html', who: 'public', status: 302 },
  { route: 'GET /api/docs/static/swagger-initializer.js', who: 'public', status: 200 },
  // Fastify prints the docs' static files as `*`.
  { route: 'GET /api/docs*', who: 'public', status: 200, url: () => '/api/docs/static/swagger-ui.css' },
  { route: 'GET /api/docs/json', who: 'public', status: 200 },
  { route: 'GET /api/docs/yaml', who: 'public', status: 200 },
  // Development only (no SMTP_URL, not production), by the contract: every mail the app wrote.
  { endpoint: 'getDevMailbox', who: 'public', status: 200 },
  {
    endpoint: 'register',
    who: 'public',
    status: 201,
    body: () => ({ email: uniqueEmail(), password: PASSWORD }),
  },
  {
    endpoint: 'login',
    who: 'public',
    status: 200,
    body: () => ({ email: as.owner.email, password: PASSWORD }),
  },
  {
    endpoint: 'requestPasswordReset',
    who: 'public',
    status: 200,
    body: () => ({ email: as.owner.email }),
  },
  // 404 while GOOGLE_CLIENT_ID is unset; the Google ID token is the credential (auth.google.test.ts).
  { endpoint: 'googleLogin', who: 'public', status: 404, body: () => ({ credential: 'x' }) },
  // The second step of a sign-in: its mfa_token is the credential; a made-up one answers 401 (auth.two-factor.test.ts).
  {
    endpoint: 'verifySecondFactor',
    who: 'public',
    status: 401,
    body: () => ({ mfa_token: 'made-up', code: '123456' }),
  },
  // The refresh token is the credential of these two (auth.sessions.test.ts).
  {
    endpoint: 'refreshSession',
    who: 'public',
    status: 200,
    prepare: freshSession,
    body: ({ refresh }) => ({ refresh_token: refresh }),
  },
  {
    endpoint: 'logout',
    who: 'public',
    status: 204,
    prepare: freshSession,
    body: ({ refresh }) => ({ refresh_token: refresh }),
  },
  // The passkey's signature over a live challenge is the credential (passkeys.test.ts): a made-up one answers 400.
  { endpoint: 'passkeyLoginOptions', who: 'public', status: 200 },
  {
    endpoint: 'passkeyLoginVerify',
    who: 'public',
    status: 400,
    body: () => new SoftAuthenticator().authenticate({ challenge: 'bm8tc3VjaC1jaGFsbGVuZ2U' }, APP_ORIGIN),
  },
  // Single sign-on (sso.test.ts has the whole path against a real provider): no team has one for the address, the
  // callback without its attempt's cookie lands on the fixed failure, and a made-up code is refused.
  {
    endpoint: 'ssoStart',
    who: 'public',
    status: 404,
    body: () => ({ email: uniqueEmail() }),
  },
  { endpoint: 'ssoCallback', who: 'public', status: 302 },
  { endpoint: 'ssoExchange', who: 'public', status: 400, body: () => ({ code: 'made-up' }) },
  // The mailed single-use token is the credential of these four.
  {
    endpoint: 'verifyEmail',
    who: 'public',
    status: 200,
    prepare: async () => mailedToken((await registerUser(app)).email),
    url: ({ token }) => `/api/auth/verify-email?token=${encodeURIComponent(token!)}`,
  },
  {
    endpoint: 'confirmPasswordReset',
    who: 'public',
    status: 200,
    prepare: async () => {
      const { email } = await registerUser(app);
      await app.inject({ method: 'POST', url: '/api/auth/reset-password/request', payload: { email } });
      return mailedToken(email);
    },
    body: ({ token }) => ({ token, new_password: 'another horse battery' }),
  },
  {
    endpoint: 'confirmEmailChange',
    who: 'public',
    status: 200,
    prepare: async () => {
      const user = await registerUser(app);
      const email = uniqueEmail();
      await app.inject({
        method: 'POST',
        url: '/api/auth/change-email',
        headers: bearer(user.access_token),
        payload: { new_email: email, password: user.password },
      });
      return mailedToken(email);
    },
    url: ({ token }) => `/api/auth/confirm-email-change?token=${encodeURIComponent(token!)}`,
  },
  {
    endpoint: 'acceptInvitation',
    who: 'public',
    status: 200,
    prepare: () => newInvitation(false),
    url: ({ token }) => `/api/invitations/${token}/accept`,
  },
  {
    endpoint: 'setInvitationPassword',
    who: 'public',
    status: 200,
    prepare: () => newInvitation(true),
    url: ({ token }) => `/api/invitations/${token}/set-password`,
    body: () => ({ password: PASSWORD }),
  },
  // The link's short-lived token names the invoice and its team; a new tab sends no bearer header.
  {
    endpoint: 'downloadSignedInvoice',
    who: 'public',
    status: 200,
    prepare: () => invoiceLink(invoiceA),
    url: ({ id, token }) => `/api/payments/invoices/${id}/pdf?token=${token}`,
    foreign: { object: 'invoice with team A’s link', status: 401 },
  },
  // Stripe's signature is the credential (payments.stripe-webhooks.test.ts); with the local provider: 404.
  { endpoint: 'stripeWebhook', who: 'public', status: 404, body: () => ({}) },

  // Any signed-in user, no team header.
  { endpoint: 'getMe', who: 'signed in', asViewer: 200, status: 200 },
  { endpoint: 'updateMe', who: 'signed in', asViewer: 403, status: 200, body: () => ({ theme: 'dark' }) },
  {
    endpoint: 'updatePassword',
    who: 'signed in',
    asViewer: 403,
    status: 200,
    body: () => ({ old_password: PASSWORD, new_password: PASSWORD }),
  },
  { endpoint: 'listSessions', who: 'signed in', asViewer: 403, status: 200 },
  {
    endpoint: 'changeEmail',
    who: 'signed in',
    asViewer: 403,
    status: 200,
    body: () => ({ new_email: uniqueEmail(), password: PASSWORD }),
  },
  { endpoint: 'exportMe', who: 'signed in', asViewer: 403, status: 200 },
  // Every caller here is verified: past the sign-in check, the 400 of an address verified already.
  { endpoint: 'resendVerification', who: 'signed in', asViewer: 403, status: 400 },
  // A wrong password, so that every caller stays for the next rows: past the sign-in check, the password's 400
  // (account.test.ts deletes accounts).
  {
    endpoint: 'deleteMe',
    who: 'signed in',
    asViewer: 403,
    status: 400,
    body: () => ({ password: 'not the password' }),
  },
  // Only the session's own user may end it; anyone else's id, as an unknown one, answers 404 (auth.session-list.test.ts).
  {
    endpoint: 'revokeSession',
    who: 'signed in',
    asViewer: 403,
    status: 404,
    prepare: async () => ({ id: randomUUID() }),
    url: ({ id }) => `/api/auth/sessions/${id}`,
  },
  // Keeps the caller's own session, so the caller's token goes on working for the next rows.
  { endpoint: 'revokeOtherSessions', who: 'signed in', asViewer: 403, status: 204 },
  // Every caller's own second factor: setup stores a secret that stays off until a code of it is shown, so a wrong
  // code is refused (400) to whoever may call these (auth.two-factor.test.ts has the whole path).
  { endpoint: 'setupTwoFactor', who: 'signed in', asViewer: 403, status: 200 },
  {
    endpoint: 'enableTwoFactor',
    who: 'signed in',
    asViewer: 403,
    status: 400,
    body: () => ({ code: '000000' }),
  },
  {
    endpoint: 'disableTwoFactor',
    who: 'signed in',
    asViewer: 403,
    status: 400,
    body: () => ({ code: '000000' }),
  },
  { endpoint: 'listPasskeys', who: 'signed in', asViewer: 403, status: 200 },
  { endpoint: 'passkeyRegisterOptions', who: 'signed in', asViewer: 403, status: 200 },
  // A registration needs a challenge issued to the caller (passkeys.test.ts): a made-up one answers 400.
  {
    endpoint: 'passkeyRegisterVerify',
    who: 'signed in',
    asViewer: 403,
    status: 400,
    body: () =>
      new SoftAuthenticator().register(
        { challenge: 'bm8tc3VjaC1jaGFsbGVuZ2U', user: { id: 'eA' } },
        APP_ORIGIN,
      ),
  },
  { endpoint: 'listSsoIdentities', who: 'signed in', asViewer: 403, status: 200 },
  // The code of an sso_link_required answer is bound to its browser and account: a made-up one answers 400.
  {
    endpoint: 'ssoLink',
    who: 'signed in',
    asViewer: 403,
    status: 400,
    body: () => ({ code: 'made-up' }),
  },
  // Anyone else's passkey, as an unknown one, answers 404 (passkeys.test.ts).
  {
    endpoint: 'deletePasskey',
    who: 'signed in',
    asViewer: 403,
    status: 404,
    prepare: async () => ({ id: randomUUID() }),
  },
  { endpoint: 'listTenants', who: 'signed in', asViewer: 200, status: 200 },
  {
    endpoint: 'createTenant',
    who: 'signed in',
    asViewer: 201,
    status: 201,
    body: () => ({ name: 'New team' }),
  },
  // The contract lists plans with what any member reads, outside the header rule; the app asks for a sign-in.
  { endpoint: 'listPlans', who: 'signed in', asViewer: 200, status: 200 },

  // Team A's routes: X-TENANT-UUID of team A and one of these roles in it.
  { endpoint: 'getTenant', who: team(MEMBERS), key: null, asViewer: 200, status: 200 },
  { endpoint: 'getUsage', who: team(MEMBERS), key: null, asViewer: 200, status: 200 },
  {
    endpoint: 'updateTenant',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    body: () => ({ name: 'Team A' }),
  },
  // These two end or hand over the team they act on: each call gets a scratch team of its own.
  { endpoint: 'deleteTenant', who: team(OWNER), key: null, asViewer: 403, status: 204, prepare: scratchTeam },
  {
    endpoint: 'transferOwnership',
    who: team(OWNER),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: scratchTeam,
    body: ({ user }) => ({ user_uuid: user }),
    // The contract: the new owner must be a member of the team.
    foreign: { object: 'member', status: 400 },
  },
  { endpoint: 'listMembers', who: team(MEMBERS), key: 'members:read', asViewer: 200, status: 200 },
  {
    endpoint: 'changeMemberRole',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: () => newMember(teamA),
    body: ({ user }) => ({ user_uuid: user, new_role: 'admin' }),
    foreign: { object: 'member', status: 404 },
  },
  {
    endpoint: 'removeMember',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 204,
    prepare: () => newMember(teamA),
    body: ({ user }) => ({ user_uuid: user }),
    foreign: { object: 'member', status: 404 },
  },
  {
    endpoint: 'invite',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 201,
    body: () => ({ email: uniqueEmail(), role: 'member' }),
  },
  { endpoint: 'listInvitations', who: team(ADMINS), key: null, asViewer: 403, status: 200 },
  {
    // Fastify prints the parameter these share with the token routes under both names.
    endpoint: 'revokeInvitation',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 204,
    prepare: () => pendingInvitation(teamA),
    url: ({ id }) => `/api/invitations/${id}`,
    foreign: { object: 'invitation', status: 404 },
  },
  {
    endpoint: 'resendInvitation',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 204,
    prepare: () => pendingInvitation(teamA),
    url: ({ id }) => `/api/invitations/${id}/resend`,
    foreign: { object: 'invitation', status: 404 },
  },
  { endpoint: 'listActivity', who: team(ADMINS), key: 'activity:read', asViewer: 403, status: 200 },
  { endpoint: 'exportActivity', who: team(ADMINS), key: 'activity:read', asViewer: 403, status: 200 },
  { endpoint: 'listItems', who: team(MEMBERS), key: 'items:read', asViewer: 200, status: 200 },
  {
    endpoint: 'createItem',
    who: team(MEMBERS),
    key: 'items:write',
    asViewer: 201,
    status: 201,
    body: () => ({ name: 'New' }),
  },
  {
    endpoint: 'getItem',
    who: team(MEMBERS),
    key: 'items:read',
    asViewer: 200,
    status: 200,
    prepare: () => newItem(teamA),
    foreign: { object: 'item', status: 404 },
  },
  {
    endpoint: 'updateItem',
    who: team(MEMBERS),
    key: 'items:write',
    asViewer: 200,
    status: 200,
    prepare: () => newItem(teamA),
    body: () => ({ name: 'Renamed' }),
    foreign: { object: 'item', status: 404 },
  },
  {
    endpoint: 'deleteItem',
    who: team(MEMBERS),
    key: 'items:write',
    asViewer: 204,
    status: 204,
    prepare: () => newItem(teamA),
    foreign: { object: 'item', status: 404 },
  },
  {
    endpoint: 'sendFeedback',
    who: team(MEMBERS),
    key: null,
    asViewer: 201,
    status: 201,
    body: () => ({ message: 'Nice', route: '/dashboard' }),
  },
  // The developer platform: the team's admins and owner manage keys and webhooks; no key may.
  {
    endpoint: 'createApiKey',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 201,
    prepare: roomForKeys,
    body: () => ({ name: 'New key', scopes: ['items:read'] }),
  },
  { endpoint: 'listApiKeys', who: team(ADMINS), key: null, asViewer: 403, status: 200 },
  {
    endpoint: 'revokeApiKey',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 204,
    prepare: () => newKey(teamA),
    foreign: { object: 'API key', status: 404 },
  },
  {
    endpoint: 'createWebhook',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 201,
    prepare: roomForWebhooks,
    body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['item.created'] }),
  },
  { endpoint: 'listWebhooks', who: team(ADMINS), key: null, asViewer: 403, status: 200 },
  {
    endpoint: 'updateWebhook',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: () => newWebhook(teamA),
    body: () => ({ events: ['item.created', 'item.deleted'] }),
    foreign: { object: 'webhook', status: 404 },
  },
  {
    endpoint: 'deleteWebhook',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 204,
    prepare: () => newWebhook(teamA),
    foreign: { object: 'webhook', status: 404 },
  },
  {
    endpoint: 'testWebhook',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 202,
    prepare: () => newWebhook(teamA, true),
    foreign: { object: 'webhook', status: 404 },
  },
  {
    endpoint: 'listWebhookDeliveries',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: () => newWebhook(teamA),
    foreign: { object: 'webhook', status: 404 },
  },
  {
    endpoint: 'retryWebhookDelivery',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 202,
    prepare: () => newDelivery(teamA),
    foreign: { object: 'delivery', status: 404 },
  },
  // Enterprise identity: the team's admins and owner, never a key or an operator's view.
  { endpoint: 'listDomains', who: team(ADMINS), key: null, asViewer: 403, status: 200 },
  {
    endpoint: 'addDomain',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 201,
    body: () => ({ domain: `d${randomInt(1e9)}.example.org` }),
  },
  {
    endpoint: 'verifyDomain',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: () => newDomain(teamA),
    foreign: { object: 'domain', status: 404 },
  },
  {
    endpoint: 'removeDomain',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 204,
    prepare: () => newDomain(teamA, false),
    foreign: { object: 'domain', status: 404 },
  },
  // Team A has no single sign-on; saving one reads the issuer's discovery first (sso.test.ts), which is not there.
  { endpoint: 'getSso', who: team(ADMINS), key: null, asViewer: 403, status: 404 },
  {
    endpoint: 'saveSso',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 400,
    body: () => ({ issuer: 'http://127.0.0.1:9', client_id: 'tessera', client_secret: 'secret' }),
  },
  { endpoint: 'removeSso', who: team(ADMINS), key: null, asViewer: 403, status: 404 },
  // Two-factor is a rule of every plan: turning it on needs the caller's own session to have passed one (the
  // table's sessions did not), so a valid change answers 400; the page's read answers.
  { endpoint: 'getTeamSecurity', who: team(ADMINS), key: null, asViewer: 403, status: 200 },
  {
    endpoint: 'updateTeamSecurity',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 400,
    body: () => ({ require_two_factor: true }),
  },
  // The team's SCIM token (Business plan); revoking one needs one to revoke.
  {
    endpoint: 'getScimToken',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: withScimToken,
  },
  { endpoint: 'createScimToken', who: team(ADMINS), key: null, asViewer: 403, status: 201 },
  {
    endpoint: 'revokeScimToken',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 204,
    prepare: withScimToken,
  },
  // SCIM, with team A's token (scim.test.ts holds another team's token to its own team).
  { endpoint: 'scimServiceProviderConfig', who: 'scim', status: 200 },
  { endpoint: 'scimResourceTypes', who: 'scim', status: 200 },
  { endpoint: 'scimResourceType', who: 'scim', status: 200, prepare: async () => ({ id: 'User' }) },
  { endpoint: 'scimSchemas', who: 'scim', status: 200 },
  { endpoint: 'scimSchema', who: 'scim', status: 200, prepare: async () => ({ id: SCIM_USER }) },
  { endpoint: 'scimListUsers', who: 'scim', status: 200 },
  { endpoint: 'scimGetUser', who: 'scim', status: 200, prepare: provisioned },
  {
    endpoint: 'scimCreateUser',
    who: 'scim',
    status: 201,
    prepare: () => newDomain(teamA),
    body: ({ domain }) => ({ schemas: [SCIM_USER], userName: `${randomUUID()}@${domain}` }),
  },
  {
    endpoint: 'scimReplaceUser',
    who: 'scim',
    status: 200,
    prepare: provisioned,
    body: ({ domain }) => ({ schemas: [SCIM_USER], userName: `someone@${domain}`, displayName: 'Someone' }),
  },
  {
    endpoint: 'scimPatchUser',
    who: 'scim',
    status: 200,
    prepare: provisioned,
    body: () => ({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'displayName', value: 'Someone' }],
    }),
  },
  { endpoint: 'scimDeleteUser', who: 'scim', status: 204, prepare: provisioned },
  { endpoint: 'getSubscription', who: team(MEMBERS), key: null, asViewer: 200, status: 200 },
  { endpoint: 'listInvoices', who: team(MEMBERS), key: null, asViewer: 200, status: 200 },
  { endpoint: 'getUpcomingInvoice', who: team(MEMBERS), key: null, asViewer: 200, status: 200 },
  {
    endpoint: 'getInvoiceDownloadLink',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: async () => ({ id: invoiceA }),
    foreign: { object: 'invoice', status: 404 },
  },
  {
    endpoint: 'createCheckout',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: inBillingState({ status: 'canceled' }),
    body: () => ({ plan_id: 'pro' }),
  },
  {
    endpoint: 'createPortal',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: inBillingState({ status: 'active' }),
  },
  {
    endpoint: 'changeLocalPlan',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: inBillingState({ status: 'active' }),
    body: () => ({ plan_id: 'business', billing_interval: 'annual' }),
  },
  {
    endpoint: 'cancelLocalSubscription',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: inBillingState({ status: 'active' }),
  },
  {
    endpoint: 'resumeLocalSubscription',
    who: team(ADMINS),
    key: null,
    asViewer: 403,
    status: 200,
    prepare: inBillingState({ status: 'active', cancelAtPeriodEnd: true }),
  },
  // The local checkout page: its session names the team.
  {
    endpoint: 'getLocalCheckout',
    who: { scope: 'checkout session', roles: ADMINS },
    asViewer: 403,
    status: 200,
    prepare: () => openCheckout(teamA),
    url: ({ session }) => `/api/payments/local/checkout/${session}`,
    foreign: { object: 'checkout session', status: 404 },
  },
  {
    endpoint: 'payLocalCheckout',
    who: { scope: 'checkout session', roles: ADMINS },
    asViewer: 403,
    status: 200,
    prepare: () => openCheckout(teamA),
    url: ({ session }) => `/api/payments/local/checkout/${session}/pay`,
    body: () => TEST_CARD,
    foreign: { object: 'checkout session', status: 404 },
  },

  // Super admins, by the database flag or SUPER_ADMIN_EMAILS; no team role counts.
  { endpoint: 'adminListTenants', who: 'super admins', status: 200 },
  {
    endpoint: 'adminGetTenant',
    who: 'super admins',
    status: 200,
    prepare: async () => ({ id: teamA }),
  },
  { endpoint: 'adminListFeedback', who: 'super admins', status: 200 },
  { endpoint: 'adminGetMetrics', who: 'super admins', status: 200 },
  { endpoint: 'adminListUsers', who: 'super admins', status: 200 },
  {
    endpoint: 'adminGetUser',
    who: 'super admins',
    status: 200,
    prepare: async () => ({ uuid: (await newMember(teamB)).user }),
  },
  { endpoint: 'adminListAudit', who: 'super admins', status: 200 },
  {
    endpoint: 'adminSuspendUser',
    who: 'super admins',
    status: 204,
    prepare: newUser,
  },
  {
    endpoint: 'adminUnsuspendUser',
    who: 'super admins',
    status: 204,
    prepare: newUser,
  },
  {
    endpoint: 'adminImpersonate',
    who: 'super admins',
    status: 200,
    prepare: newUser,
  },
  // Only a view as someone can be stopped: anyone else's own session is refused, and stays.
  { endpoint: 'stopImpersonation', who: 'signed in', status: 400, asViewer: 204 },
];

function expected(row: Row, caller: Caller): number {
  const { who, status } = row;
  // A SCIM token reaches the SCIM routes and nothing else; nothing else reaches them. Neither is a session: 401.
  if (who === 'scim') return caller === 'SCIM token' ? status : 401;
  if (caller === 'SCIM token') return who === 'public' ? status : 401;
  if (isKey(caller)) {
    if (who === 'public') return status;
    if (typeof who !== 'object' || who.scope !== 'team') return 403;
    if (row.key === undefined) throw new Error(`${nameOf(row)} does not say which API key scope may call it`);
    return row.key === scopeOf(caller) ? status : 403;
  }
  if (caller === 'viewing as member') {
    if (who === 'public') return status;
    if (who === 'super admins') return 403;
    if (row.asViewer === undefined)
      throw new Error(`${nameOf(row)} does not say what a view as the member gets`);
    return row.asViewer;
  }
  if (who === 'public') return status;
  if (caller === 'signed out') return 401;
  if (who === 'signed in') return status;
  if (who === 'super admins') return caller.startsWith('super admin') ? status : 403;
  if (isRole(caller)) return who.roles.includes(caller) ? status : 403;
  return who.scope === 'team' ? 403 : 404;
}

/** One call of a row: `team` is the X-TENANT-UUID sent on team routes (null: none). */
async function send(row: Row, caller: Caller, ids: Ids, team: string | null = ids.team ?? teamA) {
  const [method, path] = routeOf(row).split(' ') as ['GET', string];
  const teamHeader =
    typeof row.who === 'object' &&
    row.who.scope === 'team' &&
    team &&
    !isKey(caller) &&
    caller !== 'SCIM token';
  const headers = {
    ...(caller === 'signed out' ? {} : bearer(await tokenOf(caller))),
    ...(teamHeader ? { 'x-tenant-uuid': team } : {}),
  };
  const url = row.url?.(ids) ?? path.replace(/:(\w+)/g, (_, name: string) => ids[name]!);
  // Each call from an address of its own: the per-address limits of the public routes have their own tests, and the
  // table's callers of the sign-in routes together would pass them.
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  return app.inject({ method, url, headers, payload: row.body?.(ids), remoteAddress });
}

/** A new account, registered from an address of its own: the rows need more than one address may register. */
async function newUser() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: uniqueEmail(), password: PASSWORD },
    remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  return { uuid: decodeJwt(response.json().access_token).sub! };
}

async function tokenOf(caller: Exclude<Caller, 'signed out'>) {
  if (isKey(caller)) return keys[caller].key;
  if (caller === 'SCIM token') return scimToken();
  if (caller !== 'viewing as member') return as[caller].token;
  const view = await app.inject({
    method: 'POST',
    url: `/api/super-admin/users/${decodeJwt(as.member.token).sub}/impersonate`,
    headers: bearer(as['super admin'].token),
  });
  return view.json().access_token as string;
}

const prepared = async (row: Row) => (await row.prepare?.()) ?? {};

describe('authorization of every route', () => {
  for (const row of rows) {
    for (const caller of callers) {
      const status = expected(row, caller);
      it(`${nameOf(row)} as ${caller} → ${status}`, async () => {
        const response = await send(row, caller, await prepared(row));
        expect(response.statusCode, response.body).toBe(status);
        // Every refusal is {detail, code}, with a code of the contract's list and nothing else; SCIM's in its own.
        const refusal = row.who === 'scim' ? ScimErrorSchema : ErrorBodySchema;
        if (status >= 400) expect(response.json()).toEqual(refusal.parse(response.json()));
      });
    }

    if (typeof row.who === 'object' && row.who.scope === 'team') {
      it(`${nameOf(row)} without X-TENANT-UUID → 400`, async () => {
        const response = await send(row, 'owner', await prepared(row), null);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          detail: 'X-TENANT-UUID header is required',
          code: 'tenant_header_required',
        });
      });
      for (const role of roles) {
        it(`${nameOf(row)} as team A's ${role} with team B's X-TENANT-UUID → 403`, async () => {
          const response = await send(row, role, await prepared(row), teamB);
          expect(response.statusCode, response.body).toBe(403);
        });
      }
      it(`${nameOf(row)} answers the same 403 for an unknown team as for someone else's`, async () => {
        const ids = await prepared(row);
        const unknown = await send(row, 'other team', ids, UNKNOWN_TEAM);
        const foreign = await send(row, 'other team', ids, teamA);
        expect(unknown.statusCode).toBe(403);
        expect(unknown.json()).toEqual(foreign.json());
      });
    }

    const { key } = row;
    if (key) {
      const withKey = async (token: string, team?: string) => {
        const ids = await prepared(row);
        const [method, path] = routeOf(row).split(' ') as ['GET', string];
        const url = row.url?.(ids) ?? path.replace(/:(\w+)/g, (_, name: string) => ids[name]!);
        const headers = { ...bearer(token), ...(team ? { 'x-tenant-uuid': team } : {}) };
        return app.inject({ method, url, headers, payload: row.body?.(ids) });
      };
      it(`${nameOf(row)} with team A's API key and team B's X-TENANT-UUID → 403`, async () => {
        const response = await withKey(keys[`API key ${key}`].key, teamB);
        expect(response.statusCode, response.body).toBe(403);
      });
      it(`${nameOf(row)} with team A's API key and its own X-TENANT-UUID → ${row.status}`, async () => {
        const response = await withKey(keys[`API key ${key}`].key, teamA);
        expect(response.statusCode, response.body).toBe(row.status);
      });
      it(`${nameOf(row)} with an unknown or a revoked API key → 401`, async () => {
        const revoked = (
          await asOwnerOf(teamA, 'POST', '/api/api-keys', { name: 'Gone', scopes: [key] })
        ).json();
        await app.inject({
          method: 'DELETE',
          url: `/api/api-keys/${revoked.id}`,
          headers: inTenant(as.owner.token, teamA),
        });
        for (const token of [revoked.key as string, `tsk_${'x'.repeat(43)}`]) {
          const response = await withKey(token);
          expect(response.statusCode, response.body).toBe(401);
        }
      });
    }

    const { foreign } = row;
    if (foreign) {
      it(`${nameOf(row)} from team A on team B's ${foreign.object} → ${foreign.status}, which stays as it was`, async () => {
        const object = objectsOfTeamB[foreign.object];
        const ids = await object.make();
        const before = await object.read(ids);
        // Team A's owner: every role gate of team A lets them through, so only the tenant check can refuse.
        const response = await send(row, 'owner', ids, teamA);
        expect(response.statusCode, response.body).toBe(foreign.status);
        expect(before).toBeTruthy();
        expect(await object.read(ids)).toEqual(before);
      });
    }
  }

  it('has a row for every route under /api and every endpoint, and no row for a route that does not exist', () => {
    // Fastify prints parameters that two routes name differently at one place as `:a|:b`, so names are left out.
    const unnamed = (route: string) => route.replace(/:[\w|:]+/g, ':');
    const served = listRoutes(app.printRoutes({ commonPrefix: false }))
      .filter(([, path]) => path.startsWith('/api/'))
      .map(([method, path]) => unnamed(`${method} ${path}`));
    const covered = rows.map((row) => unnamed(routeOf(row)));
    for (const route of served) expect(covered, `${route} has no row`).toContain(route);
    for (const route of covered) expect(served, `${route} is not served`).toContain(route);
    // Every endpoint of the contract has its row, by id; only the API's documentation is a row by path.
    const endpoints = rows.flatMap((row) => (row.endpoint === undefined ? [] : [row.endpoint]));
    expect(endpoints.toSorted()).toEqual(Object.keys(ENDPOINTS).toSorted());
    for (const row of rows) if (row.route !== undefined) expect(row.route).toMatch(/^GET \/api\/docs/);
  });

  it('scopes by X-TENANT-UUID exactly the routes the contract says need it', () => {
    // docs/contract.md section 3: /tenant, /members, /invite, /items/*, /feedback/, /payments/* except plans and webhook;
    // section 4: the pending invitations and the team's activity, and its enterprise identity (domains, sso). The local checkout page is authorized by its session's team, a PDF link
    // and an invitation's accept and set-password links by their tokens (rows above).
    const needsHeader = (path: string) =>
      /^\/api\/(tenant|members|invite|invitations|activity|items|feedback|payments|api-keys|webhooks|domains|sso|scim-token)(\/|$)/.test(
        path,
      ) && !/^\/api\/payments\/(plans|webhook|local\/checkout\/)|\/pdf$|\/(accept|set-password)$/.test(path);
    for (const row of rows) {
      const scoped = typeof row.who === 'object' && row.who.scope === 'team';
      expect(scoped, nameOf(row)).toBe(needsHeader(routeOf(row).split(' ')[1]!));
    }
  });

  // docs/contract.md section 4, Enterprise identity: the team's rules are the declared policies' (guardsOf), so no
  // team route can forget them. Each row is sent as its team's owner, whose session passed no second factor.
  it("refuses every team route but GET /tenant to a session the team's rules do not let in", async () => {
    const teamRows = rows.filter((row) => typeof row.who === 'object' && row.who.scope === 'team');
    // The rows' objects are made before the rule is on (their preparing calls are team calls too).
    const ids: Ids[] = [];
    for (const row of teamRows) ids.push(await prepared(row));
    // Every team's: some rows work on a scratch team of their own.
    await app.database.db.update(tenants).set({ requireTwoFactor: true });
    try {
      for (const [index, row] of teamRows.entries()) {
        const response = await send(row, 'owner', ids[index]!);
        if (row.endpoint === 'getTenant') {
          expect(response.statusCode).toBe(200);
          expect(response.json().security).toEqual({ require_sso: false, require_two_factor: true });
        } else {
          expect(response.statusCode, nameOf(row)).toBe(403);
          expect(response.json().code, nameOf(row)).toBe('two_factor_required');
        }
      }
    } finally {
      await app.database.db.update(tenants).set({ requireTwoFactor: false });
    }
  });
});
