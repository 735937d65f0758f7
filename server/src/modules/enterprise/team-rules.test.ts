// The team's security rules (docs/contract.md section 4, Enterprise identity): require_two_factor judges the session
// (it passed a second factor), require_sso the sessions of members single sign-on holds (the owner never); both on
// every team route but GET /tenant, never on account routes or API keys; and nothing here can lock a team out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { activityLog } from '../../db/schema/activity-log.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  createTeam,
  inTenant,
  joinTeam,
  latestMailTo,
  mailedInvitation,
  registerVerifiedUser,
  TestClock,
  totpCodeAt,
  type TestApp,
} from '../../../test/helpers.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { APP_URL, startSsoWorld } from '../../../test/sso.ts';

const clock = new TestClock(new Date());
const OPERATOR = 'ops@operators.example.org';
let world: Awaited<ReturnType<typeof startSsoWorld>>;
let app: TestApp;

beforeAll(async () => {
  world = await startSsoWorld(clock, { SUPER_ADMIN_EMAILS: OPERATOR });
  ({ app } = world);
});
afterAll(() => world.close());

type Session = { access_token: string };
const call = (who: Session, team: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: inTenant(who.access_token, team),
    ...(payload && { payload }),
  });
const setRules = (who: Session, team: string, rules: object) =>
  call(who, team, 'PATCH', '/tenant/security', rules);

/** `email` invited and accepted: that account's session from the invitation's link. */
async function joinAs(owner: Session, team: string, email: string, role: 'admin' | 'member') {
  const token = await mailedInvitation(app, owner, team, email, role);
  const accepted = await app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { ...(accepted.json() as { access_token: string; refresh_token: string }), email };
}

/** Turns two-factor on for the account in this session: the code shown proves the factor in the session too. */
async function enrollTotp(who: Session) {
  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(who.access_token), ...(payload && { payload }) });
  const { secret } = (await post('/api/auth/2fa/setup')).json();
  const enabled = await post('/api/auth/2fa/enable', { code: totpCodeAt(secret, clock.now()) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  clock.advance(30_000);
  return secret as string;
}

describe('require_two_factor', () => {
  it('is refused to an admin whose own session passed no second factor', async () => {
    const { owner, uuid } = await world.ssoTeam();
    const refused = await setRules(owner, uuid, { require_two_factor: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('second_factor_first');
    expect((await call(owner, uuid, 'GET', '/tenant')).json().security).toEqual({
      require_sso: false,
      require_two_factor: false,
    });
  });

  it('refuses the team to members without a second factor, lets them in once enrolled, and never an API key', async () => {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner);
    await enrollTotp(owner);
    const member = await joinTeam(app, owner, uuid, 'member');
    const key = await call(owner, uuid, 'POST', '/api-keys', { name: 'CI', scopes: ['items:read'] });
    expect(key.statusCode, key.body).toBe(201);

    const on = await setRules(owner, uuid, { require_two_factor: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ require_two_factor: true, members_without_second_factor: 1 });
    const actions = await app.database.db.select().from(activityLog).where(eq(activityLog.tenantId, uuid));
    expect(actions.map((a) => a.action)).toContain('security.updated');
    expect((await latestMailTo(app, owner.email)).text).toContain('The security rules were changed');

    const refused = await call(member, uuid, 'GET', '/items/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'This team requires two-factor authentication',
      code: 'two_factor_required',
    });
    // What the web app needs to lead them: the team's rules, and the account's own routes.
    const tenant = await call(member, uuid, 'GET', '/tenant');
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json().security).toEqual({ require_sso: false, require_two_factor: true });
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(member.access_token) }))
        .statusCode,
    ).toBe(200);
    // The owner's own session passed its factor as it enrolled; a key is not a member's session.
    expect((await call(owner, uuid, 'GET', '/items/')).statusCode).toBe(200);
    const byKey = await app.inject({ method: 'GET', url: '/api/items/', headers: bearer(key.json().key) });
    expect(byKey.statusCode).toBe(200);

    await enrollTotp(member);
    expect((await call(member, uuid, 'GET', '/items/')).statusCode).toBe(200);
  });

  it('judges the session, not the account: a password sign-in of an account with TOTP must finish its second step', async () => {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner);
    const secret = await enrollTotp(owner);
    expect((await setRules(owner, uuid, { require_two_factor: true })).statusCode).toBe(200);
    const step = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    const finished = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { mfa_token: step.json().mfa_token, code: totpCodeAt(secret, clock.now()) },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await call(finished.json(), uuid, 'GET', '/items/')).statusCode).toBe(200);
    // Refreshing keeps what the session passed.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: finished.json().refresh_token },
    });
    expect((await call(refreshed.json(), uuid, 'GET', '/items/')).statusCode).toBe(200);
  });

  it('lets a session in that made the account its first factor, and no session that adds a second one', async () => {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner);
    await enrollTotp(owner);
    expect((await setRules(owner, uuid, { require_two_factor: true })).statusCode).toBe(200);
    const holder = await registerVerifiedUser(app);
    const invited = await joinAs(owner, uuid, holder.email, 'member');
    expect((await call(invited, uuid, 'GET', '/items/')).statusCode).toBe(403);

    // A passkey, the account's first factor, made in this session: the session proved it.
    const post = (url: string, token: string, payload?: object) =>
      app.inject({
        method: 'POST',
        url: `/api/auth/passkeys${url}`,
        headers: bearer(token),
        ...(payload && { payload }),
      });
    const options = (await post('/register/options', invited.access_token)).json();
    const made = await post(
      '/register/verify',
      invited.access_token,
      new SoftAuthenticator().register(options, { origin: APP_URL, rpId: new URL(APP_URL).hostname }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect((await call(invited, uuid, 'GET', '/items/')).statusCode).toBe(200);

    // The password alone, then TOTP added to an account that has a factor already: not a second factor passed.
    const byPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: holder.email, password: holder.password },
    });
    const session = byPassword.json();
    expect((await call(session, uuid, 'GET', '/items/')).statusCode).toBe(403);
    await enrollTotp(session);
    expect((await call(session, uuid, 'GET', '/items/')).statusCode).toBe(403);
  });
});

describe("an operator's view", () => {
  it('is refused where the viewed member would be: when their account has no second factor', async () => {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner);
    await enrollTotp(owner);
    expect((await setRules(owner, uuid, { require_two_factor: true })).statusCode).toBe(200);
    const without = await joinTeam(app, owner, uuid, 'member');
    const withFactor = await joinTeam(app, owner, uuid, 'member');
    await enrollTotp(withFactor);
    const operator = await registerVerifiedUser(app, OPERATOR);
    const view = async (member: Session) => {
      const { sub } = JSON.parse(Buffer.from(member.access_token.split('.')[1]!, 'base64url').toString());
      const opened = await app.inject({
        method: 'POST',
        url: `/api/super-admin/users/${sub}/impersonate`,
        headers: bearer(operator.access_token),
      });
      expect(opened.statusCode, opened.body).toBe(200);
      return opened.json() as Session;
    };
    expect((await call(await view(without), uuid, 'GET', '/items/')).json().code).toBe('two_factor_required');
    expect((await call(await view(withFactor), uuid, 'GET', '/items/')).statusCode).toBe(200);
  });
});

describe('require_sso', () => {
  it('needs single sign-on set up first', async () => {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner);
    const refused = await setRules(owner, uuid, { require_sso: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('sso_not_ready');
  });

  it("refuses the password sessions of members on the team's domain, never the owner's, an outsider's or a key", async () => {
    const { owner, uuid, domain } = await world.ssoTeam();
    const onDomain = await joinAs(owner, uuid, `pat-${Date.now()}@${domain}`, 'admin');
    const outsider = await joinTeam(app, owner, uuid, 'member');
    const email = `sam-${Date.now()}@${domain}`;
    const sso = (await world.signInThroughSso(email, world.person(email))).exchanged!.json();

    // An admin's password session may not turn it on: it would not know the provider works.
    const notYet = await setRules(onDomain, uuid, { require_sso: true });
    expect(notYet.json().code).toBe('sso_session_first');
    const on = await setRules(owner, uuid, { require_sso: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ require_sso: true, sso_ready: true, members_held_by_sso: 2 });

    const refused = await call(onDomain, uuid, 'GET', '/items/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'This team requires single sign-on', code: 'sso_required' });
    expect((await call(onDomain, uuid, 'GET', '/tenant')).statusCode).toBe(200);
    for (const session of [owner, outsider, sso]) {
      expect((await call(session, uuid, 'GET', '/items/')).statusCode).toBe(200);
    }
  });

  it('holds a member who joined through single sign-on whatever their address becomes', async () => {
    const { owner, uuid, domain } = await world.ssoTeam();
    const email = `moved-${Date.now()}@${domain}`;
    const sub = world.person(email);
    const first = (await world.signInThroughSso(email, sub)).exchanged!.json();
    expect((await setRules(owner, uuid, { require_sso: true })).statusCode).toBe(200);
    // The same account, now with an address elsewhere, and a password session of its own.
    await app.database.db
      .update(users)
      .set({ email: `moved-${Date.now()}@elsewhere.example.org` })
      .where(eq(users.email, email));
    expect((await call(first, uuid, 'GET', '/items/')).statusCode).toBe(200);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect((await call(refreshed.json(), uuid, 'GET', '/items/')).statusCode).toBe(200);
  });

  it('turns off when single sign-on is removed, or the Business plan lapses: it never locks the team out', async () => {
    for (const lose of ['provider', 'plan'] as const) {
      const { owner, uuid, domain } = await world.ssoTeam();
      const onDomain = await joinAs(owner, uuid, `lee-${lose}-${Date.now()}@${domain}`, 'member');
      expect((await setRules(owner, uuid, { require_sso: true })).statusCode).toBe(200);
      expect((await call(onDomain, uuid, 'GET', '/items/')).statusCode).toBe(403);
      if (lose === 'provider') {
        expect((await call(owner, uuid, 'GET', '/sso')).statusCode).toBe(200);
        const removed = await app.inject({
          method: 'DELETE',
          url: '/api/sso',
          headers: inTenant(owner.access_token, uuid),
        });
        expect(removed.statusCode).toBe(204);
      } else {
        await app.database.db
          .update(subscriptions)
          .set({ status: 'canceled' })
          .where(eq(subscriptions.tenantId, uuid));
      }
      expect((await call(onDomain, uuid, 'GET', '/items/')).statusCode, lose).toBe(200);
      expect((await call(owner, uuid, 'GET', '/tenant')).json().security.require_sso, lose).toBe(false);
      // Turned off for good, and said so in the team's log: by the removal, or by the app when the plan lapsed.
      const log = await app.database.db.select().from(activityLog).where(eq(activityLog.tenantId, uuid));
      const said = log.filter(({ action, details }) =>
        lose === 'provider'
          ? action === 'sso.removed'
          : action === 'security.updated' && JSON.stringify(details).includes('require_sso: off'),
      );
      expect(said, lose).toHaveLength(1);
    }
  });
});
