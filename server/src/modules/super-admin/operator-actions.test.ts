// What operators do to accounts (docs/contract.md section 4, Operators): suspension, which no way of signing in
// gets past, and impersonation, whose sessions name the operator, end within 30 minutes, never reach the operators'
// tools and are recorded where the user's teams and the other operators can see them.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { operatorAudit } from '../../db/schema/operator-audit.ts';
import { users } from '../../db/schema/users.ts';
import { startGoogleStandIn } from '../../../test/google-stand-in.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  latestMailTo,
  mailedInvitation,
  registerUser,
  registerVerifiedUser,
  TestClock,
  testConfig,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';

const ROOT = 'root@example.com';
const LISTED = 'listed-root@example.com';
const LISTED_OPERATOR = 'listed-operator@example.com';
const APP = { origin: 'https://app.example.test', rpId: 'app.example.test' };
const MINUTE = 60_000;

const clock = new TestClock();
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let app: TestApp;
let root: Awaited<ReturnType<typeof registerVerifiedUser>>;

beforeAll(async () => {
  google = await startGoogleStandIn(clock);
  app = await buildTestApp({
    clock,
    config: testConfig({
      ...google.config,
      APP_URL: APP.origin,
      SUPER_ADMIN_EMAILS: `${ROOT},${LISTED},${LISTED_OPERATOR}`,
      // Longer than an impersonation may last: its tokens must still end within 30 minutes.
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    }),
  });
  root = await registerVerifiedUser(app, ROOT);
});
afterAll(async () => {
  await app.close();
  await google.close();
});

const post = (url: string, token: string | null, payload?: object) =>
  app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
const uuidOf = (token: string) => decodeJwt(token).sub!;
const operatorAction = (
  uuid: string,
  action: 'suspend' | 'unsuspend' | 'impersonate',
  token = root.access_token,
) => post(`/api/super-admin/users/${uuid}/${action}`, token);
const login = (email: string, password = 'correct horse battery') =>
  post('/api/auth/login', null, { email, password });
const refresh = (refresh_token: string) => post('/api/auth/refresh', null, { refresh_token });
const auditOf = (email: string) =>
  app.database.db
    .select({ action: operatorAudit.action, operatorEmail: operatorAudit.operatorEmail })
    .from(operatorAudit)
    .where(eq(operatorAudit.targetEmail, email))
    .orderBy(operatorAudit.createdAt);

async function suspend(user: { access_token: string }) {
  const response = await operatorAction(uuidOf(user.access_token), 'suspend');
  expect(response.statusCode, response.body).toBe(204);
}

const SUSPENDED = { detail: 'Account suspended', code: 'account_suspended' };
/** What the user's authenticator app shows (RFC 6238 defaults: 6 digits, 30 s). */
const totpCodeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

describe('suspending an account', () => {
  it('ends its sessions at once: the access token and the refresh token are refused', async () => {
    const user = await registerVerifiedUser(app);
    expect((await get('/api/auth/me', user.access_token)).statusCode).toBe(200);
    await suspend(user);
    expect((await get('/api/auth/me', user.access_token)).statusCode).toBe(401);
    expect((await refresh(user.refresh_token)).statusCode).toBe(401);
  });

  it('answers the right password with 403 "Account suspended" and a wrong one as for anyone', async () => {
    const user = await registerVerifiedUser(app);
    await suspend(user);
    const refused = await login(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SUSPENDED);
    // Whoever does not know the password learns nothing about the account.
    const wrong = await login(user.email, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password', code: 'invalid_credentials' });
  });

  it('refuses a Google sign-in', async () => {
    const email = uniqueEmail();
    const first = await post('/api/auth/google-login', null, { credential: await google.idToken(email) });
    expect(first.statusCode, first.body).toBe(200);
    await suspend(first.json());
    const refused = await post('/api/auth/google-login', null, { credential: await google.idToken(email) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SUSPENDED);
  });

  it('refuses a passkey sign-in', async () => {
    const user = await registerVerifiedUser(app);
    const authenticator = new SoftAuthenticator();
    const options = (await post('/api/auth/passkeys/register/options', user.access_token)).json();
    const registered = await post(
      '/api/auth/passkeys/register/verify',
      user.access_token,
      authenticator.register(options, APP),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    await suspend(user);
    const challenge = (await post('/api/auth/passkeys/login/options', null)).json();
    const refused = await post(
      '/api/auth/passkeys/login/verify',
      null,
      authenticator.authenticate(challenge, APP),
    );
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual(SUSPENDED);
  });

  it('retires a second step begun before the suspension, and refuses the first step after it', async () => {
    const user = await registerVerifiedUser(app);
    const { secret } = (await post('/api/auth/2fa/setup', user.access_token)).json();
    const enabled = await post('/api/auth/2fa/enable', user.access_token, {
      code: totpCodeAt(secret, clock.now()),
    });
    expect(enabled.statusCode).toBe(200);
    clock.advance(30_000);
    const { mfa_token } = (await login(user.email)).json();
    await suspend(user);
    const step = await post('/api/auth/2fa/verify', null, {
      mfa_token,
      code: totpCodeAt(secret, clock.now()),
    });
    // The suspension moved the account's security stamp: the step issued before it is gone (credential-lifecycle.ts).
    expect(step.statusCode).toBe(401);
    expect(step.json()).toEqual({
      detail: 'Your sign-in has expired. Sign in again.',
      code: 'sign_in_expired',
    });
    // No second step is offered either: the code would be asked for nothing.
    expect((await login(user.email)).json()).toEqual(SUSPENDED);
  });

  it('refuses an invitation’s sign-in, and the invitation stays unspent', async () => {
    const owner = await registerVerifiedUser(app);
    const team = await createTeam(app, owner);
    const invitee = await registerVerifiedUser(app);
    await suspend(invitee);
    const token = await mailedInvitation(app, owner, team.uuid, invitee.email);
    const refused = await app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SUSPENDED);
    const members = (await get('/api/members', owner.access_token, { 'x-tenant-uuid': team.uuid })).json();
    expect(members.map((member: { email: string }) => member.email)).not.toContain(invitee.email);
  });

  it('retires the verification link mailed before, and leaves the account unverified', async () => {
    const user = await registerUser(app);
    await suspend(user);
    const { token } = await latestMailTo(app, user.email);
    const refused = await app.inject({ url: `/api/auth/verify-email?token=${token}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Invalid or expired verification link',
      code: 'verification_link_invalid',
    });
    const [account] = await app.database.db.select().from(users).where(eq(users.email, user.email));
    expect(account!.isVerified).toBe(false);
  });

  it('unsuspending lets the user sign in again; both are on the audit list, a repeat is not', async () => {
    const user = await registerVerifiedUser(app);
    await suspend(user);
    await suspend(user);
    expect((await operatorAction(uuidOf(user.access_token), 'unsuspend')).statusCode).toBe(204);
    expect((await operatorAction(uuidOf(user.access_token), 'unsuspend')).statusCode).toBe(204);
    expect((await login(user.email)).statusCode).toBe(200);
    expect(await auditOf(user.email)).toEqual([
      { action: 'user.suspended', operatorEmail: ROOT },
      { action: 'user.unsuspended', operatorEmail: ROOT },
    ]);
  });

  it('refuses to suspend an operator listed in SUPER_ADMIN_EMAILS (403): they keep their session', async () => {
    const listed = await registerVerifiedUser(app, LISTED_OPERATOR);
    const refused = await operatorAction(uuidOf(listed.access_token), 'suspend');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'A super admin listed in SUPER_ADMIN_EMAILS cannot be suspended',
      code: 'super_admin_not_suspendable',
    });
    expect((await get('/api/auth/me', listed.access_token)).statusCode).toBe(200);
    expect((await refresh(listed.refresh_token)).statusCode).toBe(200);
    expect(await auditOf(LISTED_OPERATOR)).toEqual([]);
  });

  it('refuses an operator suspending themselves, and answers 404 for no such account', async () => {
    const self = await operatorAction(uuidOf(root.access_token), 'suspend');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: 'You cannot suspend yourself', code: 'cannot_suspend_self' });
    expect((await get('/api/auth/me', root.access_token)).statusCode).toBe(200);
    for (const uuid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await operatorAction(uuid, 'suspend');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'User not found', code: 'user_not_found' });
    }
  });
});

/** A user with a team of their own and one they were invited to; the operator views the app as them. */
async function viewedAs() {
  const user = await registerVerifiedUser(app);
  const own = await createTeam(app, user, 'Own team');
  const owner = await registerVerifiedUser(app);
  const other = await createTeam(app, owner, 'Invited team');
  const token = await mailedInvitation(app, owner, other.uuid, user.email, 'admin');
  expect((await app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` })).statusCode).toBe(200);
  const response = await operatorAction(uuidOf(user.access_token), 'impersonate');
  expect(response.statusCode, response.body).toBe(200);
  return { user, owner, teams: [own.uuid, other.uuid], session: response.json() };
}

describe('viewing the app as a user', () => {
  it('answers a session for the user whose token names the operator and ends within 30 minutes', async () => {
    const { user, session } = await viewedAs();
    expect(session).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      email: user.email,
    });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: uuidOf(user.access_token), is_super_admin: false });
    expect(claims.act).toEqual({ sub: uuidOf(root.access_token) });
    expect(claims.exp! - claims.iat!).toBe(30 * 60);
    const me = await get('/api/auth/me', session.access_token);
    expect(me.json()).toMatchObject({ email: user.email });
  });

  it('refreshes within the 30 minutes, never past them', async () => {
    const { session } = await viewedAs();
    clock.advance(20 * MINUTE);
    const renewed = await refresh(session.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const claims = decodeJwt(renewed.json().access_token);
    expect(claims.act).toEqual({ sub: uuidOf(root.access_token) });
    expect(claims.exp! - claims.iat!).toBe(10 * 60);
    clock.advance(11 * MINUTE);
    expect((await refresh(renewed.json().refresh_token)).statusCode).toBe(401);
    expect((await get('/api/auth/me', renewed.json().access_token)).statusCode).toBe(401);
  });

  it('cannot reach the operators’ tools, nor change how the account signs in or what leaves it', async () => {
    const { session } = await viewedAs();
    const token = session.access_token;
    for (const url of ['/api/super-admin/tenants', '/api/super-admin/feedback']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
    }
    const held: [string, string, object?][] = [
      ['POST', '/api/auth/update-password', { old_password: 'x', new_password: 'a new password 123' }],
      ['POST', '/api/auth/change-email', { new_email: uniqueEmail(), password: 'correct horse battery' }],
      ['POST', '/api/auth/2fa/setup'],
      ['POST', '/api/auth/2fa/disable', { code: '123456' }],
      ['POST', '/api/auth/passkeys/register/options'],
      ['POST', '/api/auth/sessions/revoke-others'],
      ['DELETE', '/api/auth/me', { password: 'correct horse battery' }],
      ['GET', '/api/auth/me/export'],
      // Where the account signs in from, and with what.
      ['GET', '/api/auth/sessions'],
      ['GET', '/api/auth/passkeys'],
    ];
    for (const [method, url, payload] of held) {
      const refused = await app.inject({
        method: method as 'GET',
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        detail: 'Not available while viewing as another user',
        code: 'not_while_impersonating',
      });
    }
  });

  it('works in the user’s teams, but grants no access, moves no money and ends or hands over no team', async () => {
    const { user, session, teams } = await viewedAs();
    const listed = (await get('/api/tenants', session.access_token)).json();
    expect(listed.map((team: { uuid: string }) => team.uuid).sort()).toEqual([...teams].sort());
    const [own] = teams as [string];
    const inOwnTeam = (method: string, url: string, payload?: object) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: inTenant(session.access_token, own),
        ...(payload ? { payload } : {}),
      });
    // Helping inside the team works, as its owner.
    expect((await inOwnTeam('GET', '/api/members')).statusCode).toBe(200);
    expect((await inOwnTeam('POST', '/api/items/', { name: 'Made while viewing' })).statusCode).toBe(201);
    // What would outlive the view (access for someone, a team gone or handed over, a payment) is the owner's alone.
    const someone = uuidOf(user.access_token);
    const held: [string, string, object?][] = [
      ['POST', '/api/invite', { email: uniqueEmail(), role: 'admin' }],
      ['PATCH', '/api/members/role', { user_uuid: someone, new_role: 'admin' }],
      ['DELETE', '/api/members', { user_uuid: someone }],
      ['POST', '/api/tenant/transfer-ownership', { user_uuid: someone }],
      ['DELETE', '/api/tenant'],
      ['POST', '/api/payments/checkout', { plan_id: 'pro' }],
      ['POST', '/api/payments/portal'],
      ['POST', '/api/payments/local/portal/cancel'],
      ['GET', '/api/activity/export'],
    ];
    for (const [method, url, payload] of held) {
      const refused = await inOwnTeam(method, url, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        detail: 'Not available while viewing as another user',
        code: 'not_while_impersonating',
      });
    }
    const team = await app.inject({ url: '/api/tenant', headers: inTenant(user.access_token, own) });
    expect(team.statusCode).toBe(200);
  });

  it('never as a super admin, by the flag or by SUPER_ADMIN_EMAILS; 404 for no such account', async () => {
    const listed = await registerVerifiedUser(app, LISTED);
    const flagged = await registerVerifiedUser(app);
    await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, flagged.email));
    for (const operator of [listed, flagged, root]) {
      const refused = await operatorAction(uuidOf(operator.access_token), 'impersonate');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        detail: 'A super admin cannot be impersonated',
        code: 'super_admin_not_impersonable',
      });
    }
    expect((await operatorAction('00000000-0000-4000-8000-000000000000', 'impersonate')).statusCode).toBe(
      404,
    );
  });

  it('never as a suspended account', async () => {
    const user = await registerVerifiedUser(app);
    await suspend(user);
    const refused = await operatorAction(uuidOf(user.access_token), 'impersonate');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SUSPENDED);
  });

  it('records the start and the stop in each of the user’s teams and on the operators’ audit list', async () => {
    const { user, owner, teams, session } = await viewedAs();
    const stop = await post('/api/auth/impersonation/stop', session.access_token);
    expect(stop.statusCode, stop.body).toBe(204);
    expect((await get('/api/auth/me', session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);

    const teamOwnerToken = [user.access_token, owner.access_token];
    for (const [i, team] of teams.entries()) {
      const log = (await get('/api/activity', teamOwnerToken[i]!, { 'x-tenant-uuid': team })).json();
      const entries = log.filter((entry: { action: string }) => entry.action.startsWith('impersonation.'));
      expect(entries.map((e: object) => ({ ...e, uuid: undefined, created_at: undefined }))).toEqual([
        { action: 'impersonation.stopped', actor_email: ROOT, target: user.email },
        { action: 'impersonation.started', actor_email: ROOT, target: user.email },
      ]);
    }
    expect(await auditOf(user.email)).toEqual([
      { action: 'impersonation.started', operatorEmail: ROOT },
      { action: 'impersonation.stopped', operatorEmail: ROOT },
    ]);
  });

  it('stop refuses a session of the user’s own, and a view already stopped', async () => {
    const user = await registerVerifiedUser(app);
    const own = await post('/api/auth/impersonation/stop', user.access_token);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ detail: 'Not viewing as another user', code: 'not_impersonating' });
    expect((await get('/api/auth/me', user.access_token)).statusCode).toBe(200);

    const { session } = await viewedAs();
    expect((await post('/api/auth/impersonation/stop', session.access_token)).statusCode).toBe(204);
    expect((await post('/api/auth/impersonation/stop', session.access_token)).statusCode).toBe(401);
  });

  it('ends when the operator is suspended or is no longer a super admin', async () => {
    const operatorEmail = uniqueEmail();
    const operator = await registerVerifiedUser(app, operatorEmail);
    await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, operatorEmail));
    const target = await registerVerifiedUser(app);
    const view = async () => {
      const response = await operatorAction(
        uuidOf(target.access_token),
        'impersonate',
        operator.access_token,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    const demoted = await view();
    await app.database.db.update(users).set({ isSuperAdmin: false }).where(eq(users.email, operatorEmail));
    expect((await refresh(demoted.refresh_token)).statusCode).toBe(401);

    await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, operatorEmail));
    const suspended = await view();
    await suspend(operator);
    expect((await get('/api/auth/me', suspended.access_token)).statusCode).toBe(401);
  });
});
