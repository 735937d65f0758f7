// Single sign-on through a team's OpenID Connect provider (docs/contract.md section 4, Enterprise identity), against
// a real provider in this process (oidc-provider, test/oidc-provider.ts): its own keys, clients, accounts and login
// form. Each refusal is an attack a product shipped: a replayed state, a code injected into another browser, a token
// for another client or signed by other keys, an address the team does not hold.
import { randomBytes } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { activityLog } from '../../db/schema/activity-log.ts';
import { plans } from '../../db/schema/billing.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { ssoAttempts, ssoConnections } from '../../db/schema/sso.ts';
import { users } from '../../db/schema/users.ts';
import type { OidcProvider } from '../../../test/oidc-provider.ts';
import {
  APP_URL,
  CLIENT_SECRET,
  freshDomain,
  REDIRECT_URI,
  SSO_FAILED,
  startSsoWorld,
} from '../../../test/sso.ts';
import {
  bearer,
  createTeam,
  inTenant,
  latestMailTo,
  registerVerifiedUser,
  TestClock,
  totpCodeAt,
  type TestApp,
} from '../../../test/helpers.ts';
import { subscribeLocally } from '../../../test/local-billing.ts';
import { scimClient, USER_SCHEMA } from '../../../test/scim.ts';
import { deleteOldSsoAttempts } from './sso.service.ts';

const OPERATOR = 'operator@ops-corp.example.org';
const SECRET = CLIENT_SECRET;

// The provider signs with the real time; the app judges its tokens on this clock.
const clock = new TestClock(new Date());
let world: Awaited<ReturnType<typeof startSsoWorld>>;
let app: TestApp;
let provider: OidcProvider;

beforeAll(async () => {
  world = await startSsoWorld(clock, { SUPER_ADMIN_EMAILS: OPERATOR });
  ({ app, provider } = world);
});
afterAll(() => world.close());

let counter = 0;
const ssoTeam = (domain?: string) => world.ssoTeam(domain);
const person = (email: string, claims?: { email_verified?: boolean }) => world.person(email, claims);
const start = (email: string) => world.start(email);
const callback = (back: URL, cookie: string | undefined) => world.callback(back, cookie);
const exchange = (code: string, cookie: string) => world.exchange(code, cookie);
const signInThroughSso = (email: string, sub: string) => world.signInThroughSso(email, sub);

const accountAt = async (email: string) =>
  (await app.database.db.select().from(users).where(eq(users.email, email)))[0];
const roleIn = async (tenantId: string, userId: string) =>
  (
    await app.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
  )[0]?.role;

describe("a team's provider", () => {
  it('is saved once its discovery reads: never answered with its secret, which is stored sealed', async () => {
    const { owner, uuid } = await ssoTeam();
    const got = await app.inject({
      method: 'GET',
      url: '/api/sso',
      headers: inTenant(owner.access_token, uuid),
    });
    expect(got.json()).toEqual({
      issuer: provider.issuer,
      client_id: 'tessera',
      redirect_uri: REDIRECT_URI,
      enabled: true,
    });
    expect(got.body).not.toContain(SECRET);
    const [row] = await app.database.db
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.tenantId, uuid));
    expect(row!.clientSecret).toMatch(/^v1\./);
    expect(row!.clientSecret).not.toContain(SECRET);
    const actions = await app.database.db.select().from(activityLog).where(eq(activityLog.tenantId, uuid));
    expect(actions.map((a) => a.action)).toContain('sso.updated');
    expect((await latestMailTo(app, owner.email)).text).toContain(
      `Single sign-on was set up (${provider.issuer})`,
    );
  });

  it.each([
    ['another spelling of the issuer', () => `${provider.issuer}/`, 'sso_issuer_mismatch'],
    ['an issuer that does not answer', () => 'http://127.0.0.1:9', 'sso_discovery_failed'],
  ])('refuses %s (400), and saves nothing', async (_, issuer, code) => {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner);
    await subscribeLocally(app, owner, uuid, 'business');
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/sso',
      headers: inTenant(owner.access_token, uuid),
      payload: { issuer: issuer(), client_id: 'tessera', client_secret: SECRET },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe(code);
    expect(
      await app.database.db.select().from(ssoConnections).where(eq(ssoConnections.tenantId, uuid)),
    ).toEqual([]);
  });

  it("refuses a discovery document's own URL as the issuer (422: its issuer would go unchecked)", async () => {
    const { owner, uuid } = await ssoTeam();
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/sso',
      headers: inTenant(owner.access_token, uuid),
      payload: {
        issuer: `${provider.issuer}/.well-known/openid-configuration`,
        client_id: 'tessera',
        client_secret: SECRET,
      },
    });
    expect(refused.statusCode).toBe(422);
  });

  it('needs the Business plan (402), before anything is fetched', async () => {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner);
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/sso',
      headers: inTenant(owner.access_token, uuid),
      payload: { issuer: 'http://127.0.0.1:9', client_id: 'tessera', client_secret: SECRET },
    });
    expect(refused.statusCode).toBe(402);
  });

  it('is removed (204), and no one signs in through it any more', async () => {
    const { owner, uuid, domain } = await ssoTeam();
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/sso',
      headers: inTenant(owner.access_token, uuid),
    });
    expect(removed.statusCode).toBe(204);
    const started = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: `ann@${domain}` },
    });
    expect(started.statusCode).toBe(404);
    expect(started.json()).toMatchObject({
      detail: 'Single sign-on is not set up for this domain',
      code: 'sso_not_set_up',
    });
  });
});

describe('signing in through single sign-on', () => {
  it('sends the browser to the provider with PKCE S256, state, nonce, the scopes and a hint', async () => {
    const { domain } = await ssoTeam();
    const started = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: `Ann@${domain.toUpperCase()}` },
    });
    const url = new URL(started.json().redirect_url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'tessera',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
      login_hint: `ann@${domain}`,
    });
    const setCookie = String(started.headers['set-cookie']);
    expect(setCookie).toMatch(/^tessera_sso=[\w-]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api/auth/sso');
  });

  it('makes a new account, verified and without a password, a member, and a session marked as SSO', async () => {
    const { uuid, domain } = await ssoTeam();
    const email = `new-${counter}@${domain}`;
    const { landing, exchanged } = await signInThroughSso(email, person(email));
    expect(landing.origin + landing.pathname).toBe(`${APP_URL}/sso/complete`);
    expect(exchanged!.statusCode, exchanged!.body).toBe(200);
    const session = exchanged!.json();
    expect(session).toMatchObject({
      email,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const account = await accountAt(email);
    expect(account).toMatchObject({ isVerified: true, passwordHash: null });
    expect(await roleIn(uuid, account!.uuid)).toBe('member');
    const sessions = await app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(session.access_token),
    });
    expect(sessions.json()[0]).toMatchObject({ current: true, sso_team: `Team ${domain}` });
    const identities = await app.inject({
      method: 'GET',
      url: '/api/auth/sso/identities',
      headers: bearer(session.access_token),
    });
    expect(identities.json()).toEqual([
      { issuer: provider.issuer, team: `Team ${domain}`, linked_at: expect.any(String) },
    ]);
  });

  it('signs the same person in as the same account next time, by (iss, sub), and keeps their role', async () => {
    const { owner, uuid, domain } = await ssoTeam();
    const email = `again-${counter}@${domain}`;
    const sub = person(email);
    const first = await signInThroughSso(email, sub);
    const { uuid: userId } = (await accountAt(email))!;
    const promoted = await app.inject({
      method: 'PATCH',
      url: '/api/members/role',
      headers: inTenant(owner.access_token, uuid),
      payload: { user_uuid: userId, new_role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const second = await signInThroughSso(email, sub);
    expect(second.exchanged!.statusCode).toBe(200);
    expect(second.exchanged!.json().access_token).not.toBe(first.exchanged!.json().access_token);
    expect(await roleIn(uuid, userId)).toBe('admin');
  });

  it('does not sign an existing verified account in: its holder signs in as usual and links it', async () => {
    const { uuid, domain } = await ssoTeam();
    const email = `held-${counter}@${domain}`;
    const holder = await registerVerifiedUser(app, email);
    const sub = person(email);
    const { landing, cookie, exchanged } = await signInThroughSso(email, sub);
    expect(exchanged!.statusCode, exchanged!.body).toBe(409);
    expect(exchanged!.json()).toMatchObject({
      detail: 'Sign in to link this account',
      code: 'sso_link_required',
    });
    expect(await roleIn(uuid, (await accountAt(email))!.uuid)).toBeUndefined();
    const code = landing.searchParams.get('code')!;
    // Someone else's session cannot take the identity.
    const stranger = await registerVerifiedUser(app);
    const stolen = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/link',
      headers: { ...bearer(stranger.access_token), cookie },
      payload: { code },
    });
    expect(stolen.statusCode).toBe(400);
    // Nor a request from another browser.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/link',
      headers: bearer(holder.access_token),
      payload: { code },
    });
    expect(elsewhere.statusCode).toBe(400);
    const linked = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/link',
      headers: { ...bearer(holder.access_token), cookie },
      payload: { code },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await roleIn(uuid, (await accountAt(email))!.uuid)).toBe('member');
    expect((await latestMailTo(app, email)).subject).toBe(
      "Your team's single sign-on was linked to your Tessera account",
    );
    const next = await signInThroughSso(email, sub);
    expect(next.exchanged!.statusCode).toBe(200);
  });

  it('asks an account with two-factor on for its code, and the session it opens is marked as SSO', async () => {
    const { domain } = await ssoTeam();
    const email = `totp-${counter}@${domain}`;
    const sub = person(email);
    const first = (await signInThroughSso(email, sub)).exchanged!.json();
    const post = (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers: bearer(first.access_token), ...(payload && { payload }) });
    const { secret } = (await post('/api/auth/2fa/setup')).json();
    expect((await post('/api/auth/2fa/enable', { code: totpCodeAt(secret, clock.now()) })).statusCode).toBe(
      200,
    );
    clock.advance(30_000);
    const step = (await signInThroughSso(email, sub)).exchanged!;
    expect(step.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { mfa_token: step.json().mfa_token, code: totpCodeAt(secret, clock.now()) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const sessions = await app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(verified.json().access_token),
    });
    expect(sessions.json().find((s: { current: boolean }) => s.current)).toMatchObject({
      sso_team: `Team ${domain}`,
    });
  });

  it('ends the session 24 hours after it began, however often it is refreshed', async () => {
    const { domain } = await ssoTeam();
    const email = `day-${counter}@${domain}`;
    let { refresh_token } = (await signInThroughSso(email, person(email))).exchanged!.json();
    const eightHours = 8 * 60 * 60 * 1000;
    try {
      for (const stillOpen of [true, true, false]) {
        clock.advance(eightHours + 1000);
        const refreshed = await app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token },
        });
        expect(refreshed.statusCode).toBe(stillOpen ? 200 : 401);
        if (stillOpen) ({ refresh_token } = refreshed.json());
      }
    } finally {
      // The provider's tokens are judged on this clock: later tests need it back.
      clock.advance(-3 * (eightHours + 1000));
    }
  });

  it('answers a code once, within 60 seconds, in the browser that began the sign-in', async () => {
    const { domain } = await ssoTeam();
    const email = `once-${counter}@${domain}`;
    const sub = person(email);
    const first = await signInThroughSso(email, sub);
    const code = first.landing.searchParams.get('code')!;
    expect((await exchange(code, first.cookie)).json().code).toBe('sso_code_invalid');

    const { cookie, url } = await start(email);
    const landing = await callback(await provider.signIn(url, sub), cookie);
    const late = landing.searchParams.get('code')!;
    expect((await exchange(late, 'tessera_sso=another-browser')).statusCode).toBe(400);
    clock.advance(61_000);
    const refused = await exchange(late, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'sso_code_invalid' });
  });
});

describe('the daily clean-up', () => {
  it('deletes the attempts a day past their expiry, and no younger one', async () => {
    const { domain } = await ssoTeam();
    await start(`clean-${counter}@${domain}`);
    const live = await app.database.db.select().from(ssoAttempts);
    expect(await deleteOldSsoAttempts(app.database.db, clock.now())).toBe(0);
    const dayAfter = new Date(clock.now().getTime() + 24 * 60 * 60 * 1000 + 11 * 60 * 1000);
    expect(await deleteOldSsoAttempts(app.database.db, dayAfter)).toBe(live.length);
    expect(await app.database.db.select().from(ssoAttempts)).toEqual([]);
  });
});

describe('a sign-in through single sign-on is refused, lands on /login?error=sso and creates nothing', () => {
  /** Begins a sign-in for a new person and returns what a test needs to end it its own way. */
  async function begun(claims: { email?: string; email_verified?: boolean } = {}) {
    const team = await ssoTeam();
    const email = `p-${counter++}@${team.domain}`;
    const sub = person(claims.email ?? email, claims);
    const { cookie, url } = await start(email);
    return { ...team, email, sub, cookie, url };
  }

  const nothingMadeFor = async (email: string) => expect(await accountAt(email)).toBeUndefined();

  it('when the state is replayed', async () => {
    const { email, sub, cookie, url } = await begun();
    const back = await provider.signIn(url, sub);
    expect((await callback(back, cookie)).pathname).toBe('/sso/complete');
    expect((await callback(back, cookie)).href).toBe(SSO_FAILED);
    expect(await accountAt(email)).toBeDefined();
  });

  it('without the cookie of the browser that began it, or with another browser’s', async () => {
    const { email, sub, url } = await begun();
    const back = await provider.signIn(url, sub);
    expect((await callback(back, undefined)).href).toBe(SSO_FAILED);
    const other = await start(email);
    expect((await callback(back, other.cookie)).href).toBe(SSO_FAILED);
    await nothingMadeFor(email);
  });

  it('when a code from one browser’s sign-in is injected into another’s (PKCE)', async () => {
    const victim = await begun();
    const attacker = await start(victim.email);
    const attackersBack = await provider.signIn(attacker.url, victim.sub);
    const victimsState = new URL(victim.url).searchParams.get('state')!;
    const injected = new URL(attackersBack);
    injected.searchParams.set('state', victimsState);
    expect((await callback(injected, victim.cookie)).href).toBe(SSO_FAILED);
    await nothingMadeFor(victim.email);
  });

  it('when the ID token was issued for another sign-in (its nonce)', async () => {
    const { email, sub, cookie, url } = await begun();
    // A real token of this client and person, from another authorization request (another nonce).
    const other = new URL(url);
    other.searchParams.set('nonce', 'another-nonce');
    provider.tamper.idToken = await idTokenFrom(other, sub);
    try {
      expect((await callback(await provider.signIn(url, sub), cookie)).href).toBe(SSO_FAILED);
    } finally {
      delete provider.tamper.idToken;
    }
    await nothingMadeFor(email);
  });

  it('when the ID token was issued to another client (its audience)', async () => {
    const { email, sub, cookie, url } = await begun();
    const forOtherApp = new URL(url);
    forOtherApp.searchParams.set('client_id', 'other-app');
    provider.tamper.idToken = await idTokenFrom(forOtherApp, sub, 'other-app', 'other-secret');
    try {
      expect((await callback(await provider.signIn(url, sub), cookie)).href).toBe(SSO_FAILED);
    } finally {
      delete provider.tamper.idToken;
    }
    await nothingMadeFor(email);
  });

  it('when the ID token is signed by a key the provider does not publish', async () => {
    const { email, sub, cookie, url } = await begun();
    const back = await provider.signIn(url, sub);
    provider.tamper.resign = true;
    try {
      expect((await callback(back, cookie)).href).toBe(SSO_FAILED);
    } finally {
      delete provider.tamper.resign;
    }
    await nothingMadeFor(email);
  });

  it('when the ID token has expired', async () => {
    const team = await ssoTeam();
    const email = `late-${counter}@${team.domain}`;
    const sub = person(email);
    // The provider's tokens live an hour; the app's clock is past that while the attempt is still young.
    clock.advance(2 * 60 * 60 * 1000);
    try {
      const { cookie, url } = await start(email);
      expect((await callback(await provider.signIn(url, sub), cookie)).href).toBe(SSO_FAILED);
    } finally {
      clock.advance(-2 * 60 * 60 * 1000);
    }
    await nothingMadeFor(email);
  });

  it('when the provider says the address is not verified', async () => {
    const { email, sub, cookie, url } = await begun({ email_verified: false });
    expect((await callback(await provider.signIn(url, sub), cookie)).href).toBe(SSO_FAILED);
    await nothingMadeFor(email);
  });

  it("when the address is outside the team's verified domains, or on another team's", async () => {
    const elsewhere = `x-${counter}@${freshDomain()}`;
    const otherTeams = await ssoTeam();
    const onOtherTeams = `y-${counter}@${otherTeams.domain}`;
    for (const address of [elsewhere, onOtherTeams]) {
      const { sub, cookie, url } = await begun({ email: address });
      expect((await callback(await provider.signIn(url, sub), cookie)).href).toBe(SSO_FAILED);
      await nothingMadeFor(address);
    }
  });

  it('for a listed super admin, and a suspended account', async () => {
    const team = await ssoTeam('ops-corp.example.org');
    const operatorSub = person(OPERATOR);
    expect((await signInThroughSso(OPERATOR, operatorSub)).landing.href).toBe(SSO_FAILED);
    await nothingMadeFor(OPERATOR);

    const email = `suspended@${team.domain}`;
    const sub = person(email);
    await signInThroughSso(email, sub);
    await app.database.db.update(users).set({ suspendedAt: clock.now() }).where(eq(users.email, email));
    expect((await signInThroughSso(email, sub)).landing.href).toBe(SSO_FAILED);
  });

  it('when the team is full, and never brings back someone an admin removed', async () => {
    const { owner, uuid, domain } = await ssoTeam();
    const removedEmail = `removed@${domain}`;
    const removedSub = person(removedEmail);
    await signInThroughSso(removedEmail, removedSub);
    const removedId = (await accountAt(removedEmail))!.uuid;
    const removal = await app.inject({
      method: 'DELETE',
      url: '/api/members',
      headers: inTenant(owner.access_token, uuid),
      payload: { user_uuid: removedId },
    });
    expect(removal.statusCode).toBe(204);
    expect((await signInThroughSso(removedEmail, removedSub)).exchanged!.statusCode).toBe(200);
    expect(await roleIn(uuid, removedId)).toBeUndefined();

    await app.database.db.update(plans).set({ memberLimit: 1 }).where(eq(plans.id, 'business'));
    try {
      const email = `full@${domain}`;
      expect((await signInThroughSso(email, person(email))).landing.href).toBe(SSO_FAILED);
      await nothingMadeFor(email);
    } finally {
      await app.database.db.update(plans).set({ memberLimit: null }).where(eq(plans.id, 'business'));
    }
  });
});

describe('a team whose directory provisions it (SCIM)', () => {
  it('lets its directory alone decide who is in: a first sign-in joins no one, and a provisioned member signs in', async () => {
    const { owner, uuid, domain } = await ssoTeam();
    const token = await app.inject({
      method: 'POST',
      url: '/api/scim-token',
      headers: inTenant(owner.access_token, uuid),
    });
    expect(token.statusCode, token.body).toBe(201);
    const directory = scimClient(app, token.json().token);

    // Not provisioned: the sign-in opens a session of their own, and the team stays closed to them.
    const stranger = `stranger@${domain}`;
    expect((await signInThroughSso(stranger, person(stranger))).exchanged!.statusCode).toBe(200);
    expect(await roleIn(uuid, (await accountAt(stranger))!.uuid)).toBeUndefined();

    // Provisioned, then deprovisioned: in, then out, and a sign-in does not bring them back.
    const email = `provisioned@${domain}`;
    const created = await directory('POST', '/Users', { schemas: [USER_SCHEMA], userName: email });
    expect(created.statusCode, created.body).toBe(201);
    const sub = person(email);
    // The account the directory made signs in through the team's provider from the first time: no link to confirm.
    const first = await signInThroughSso(email, sub);
    expect(first.exchanged!.statusCode, first.exchanged!.body).toBe(200);
    expect(first.exchanged!.json().email).toBe(email);
    expect(await roleIn(uuid, created.json().id)).toBe('member');
    expect((await directory('DELETE', `/Users/${created.json().id}`)).statusCode).toBe(204);
    await signInThroughSso(email, sub);
    expect(await roleIn(uuid, created.json().id)).toBeUndefined();

    // An account the directory found verified is its holder's: it is linked only by them, as any other.
    const holder = await registerVerifiedUser(app, `holder@${domain}`);
    expect(
      (await directory('POST', '/Users', { schemas: [USER_SCHEMA], userName: holder.email })).statusCode,
    ).toBe(201);
    expect((await signInThroughSso(holder.email, person(holder.email))).exchanged!.statusCode).toBe(409);
  });
});

/** A real ID token of the provider, from an authorization request of our making: redeemed at its token endpoint. */
async function idTokenFrom(authorizationUrl: URL, sub: string, clientId = 'tessera', secret = SECRET) {
  const verifier = randomBytes(32).toString('base64url');
  const { createHash } = await import('node:crypto');
  authorizationUrl.searchParams.set(
    'code_challenge',
    createHash('sha256').update(verifier).digest('base64url'),
  );
  authorizationUrl.searchParams.set('state', 'own-state');
  const back = await provider.signIn(authorizationUrl.toString(), sub);
  const token = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: clientId,
      client_secret: secret,
    }),
  });
  const { id_token } = (await token.json()) as { id_token: string };
  return id_token;
}
