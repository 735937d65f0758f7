// The invitation lifecycle: mailed link, new and existing accounts, reuse, expiry, members, set-password once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  latestMailTo,
  registerUser,
  registerVerifiedUser,
  TestClock,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';

const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock });
});
afterAll(() => app.close());

async function invite(email: string, role?: 'admin' | 'member') {
  const owner = await registerUser(app);
  const team = await createTeam(app, owner, 'Acme');
  const response = await app.inject({
    method: 'POST',
    url: '/api/invite',
    headers: inTenant(owner.access_token, team.uuid),
    payload: role ? { email, role } : { email },
  });
  return { owner, team, response, token: (await latestMailTo(app, email.trim().toLowerCase())).token! };
}

const accept = (token: string) => app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` });
const setPassword = (token: string, password: string) =>
  app.inject({ method: 'POST', url: `/api/invitations/${token}/set-password`, payload: { password } });

describe('invitations', () => {
  it('mail the accept link, and accepting creates a verified account without a password, as a member', async () => {
    const email = uniqueEmail();
    const { team, response, token } = await invite(` ${email.toUpperCase()} `);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: `Invitation sent to ${email}` });
    const mail = await latestMailTo(app, email);
    expect(mail.text).toContain(`${app.config.appUrl}/tenants/invitations/${token}/accept`);
    expect(mail.subject).toContain('Acme');

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json();
    expect(body).toMatchObject({ email, tenant_name: 'Acme', tenant_uuid: team.uuid, has_password: false });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.access_token) });
    expect(me.json()).toMatchObject({ uuid: body.user_uuid, is_verified: true, has_password: false });
    const tenant = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(body.access_token, team.uuid),
    });
    expect(tenant.json().user_role).toBe('member');
  });

  it('sign in the invited email account, whoever was signed in before, with the invited role', async () => {
    const existing = await registerVerifiedUser(app);
    const { team, token } = await invite(existing.email, 'admin');
    const body = (await accept(token)).json();
    expect(body).toMatchObject({ email: existing.email, has_password: true });
    const tenant = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(body.access_token, team.uuid),
    });
    expect(tenant.json().user_role).toBe('admin');
  });

  it('take a squatted address from whoever registered it unverified: password and sessions go', async () => {
    // The attacker registers Alice's address before she does, with a password of their own, and stays signed in.
    const email = uniqueEmail();
    const squatter = await registerUser(app, email, 'the attacker password');
    const { token } = await invite(email);

    const accepted = await accept(token);
    expect(accepted.json()).toMatchObject({ email, has_password: false });
    const alice = accepted.json();
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(alice.access_token) });
    expect(me.json()).toMatchObject({ is_verified: true, has_password: false });

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'the attacker password' },
    });
    expect(login.statusCode).toBe(401);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: squatter.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    // Not even the access token the squatter still holds: its session ended with the reclaim, at once.
    const stale = await app.inject({ url: '/api/auth/me', headers: bearer(squatter.access_token) });
    expect(stale.statusCode).toBe(401);
    const takeover = await app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      headers: bearer(squatter.access_token),
      payload: { old_password: null, new_password: 'locking alice out' },
    });
    expect(takeover.statusCode).toBe(401);
    // Alice chooses her own password through the link, and only she can sign in.
    expect((await setPassword(token, 'alice own password')).statusCode).toBe(200);
    const hers = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'alice own password' },
    });
    expect(hers.statusCode).toBe(200);
  });

  it('work once', async () => {
    const { token } = await invite(uniqueEmail());
    expect((await accept(token)).statusCode).toBe(200);
    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid or expired invitation', code: 'invitation_invalid' });
  });

  it('expire after 7 days, and unknown tokens are refused the same way', async () => {
    const { token } = await invite(uniqueEmail());
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    for (const candidate of [token, 'not-a-real-token']) {
      const response = await accept(candidate);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'Invalid or expired invitation',
        code: 'invitation_invalid',
      });
    }
  });

  it('refuse someone who is already a member', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const response = await app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: inTenant(owner.access_token, team.uuid),
      payload: { email: owner.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'User is already a member of this team',
      code: 'already_member',
    });
  });

  it('accept only admin or member as the role, default member', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const response = await app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: inTenant(owner.access_token, team.uuid),
      payload: { email: uniqueEmail(), role: 'owner' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('set-password after accepting', () => {
  it('sets the new account password once', async () => {
    const email = uniqueEmail();
    const { token } = await invite(email);
    await accept(token);
    const first = await setPassword(token, 'my first password');
    expect(first.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'my first password' },
    });
    expect(login.statusCode).toBe(200);
    expect((await setPassword(token, 'a second password')).statusCode).toBe(400);
  });

  it('is refused before acceptance, for an account that has a password, and with a short password', async () => {
    const { token: notAccepted } = await invite(uniqueEmail());
    expect((await setPassword(notAccepted, 'a fine password')).statusCode).toBe(400);

    const existing = await registerVerifiedUser(app);
    const { token } = await invite(existing.email);
    await accept(token);
    expect((await setPassword(token, 'taking it over')).statusCode).toBe(400);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.email, password: existing.password },
    });
    expect(login.statusCode).toBe(200);

    expect((await setPassword(notAccepted, 'short')).statusCode).toBe(422);
  });
});
