// Refresh-token rotation, reuse detection, expiry, logout, and the super-admin claim.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  registerUser,
  registerVerifiedUser,
  TestClock,
  testConfig,
  type TestApp,
} from '../../../test/helpers.ts';
import { promoteSuperAdmin } from './account-status.service.ts';

const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock, config: testConfig({ SUPER_ADMIN_EMAILS: 'Boss@Example.com' }) });
});
afterAll(() => app.close());

const refresh = (refresh_token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });

describe('access tokens', () => {
  it('are HS256 JWTs with sub, email, iat, exp (15 minutes) and is_super_admin', async () => {
    const { access_token, email } = await registerUser(app);
    const [header] = access_token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(access_token);
    expect(claims).toMatchObject({ email, is_super_admin: false, sub: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims.iat).toBe(Math.floor(clock.now().getTime() / 1000));
  });
});

describe('refresh', () => {
  it('rotates: a new pair each time, and the new access token works', async () => {
    const first = await registerUser(app);
    const response = await refresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    const pair = response.json();
    expect(pair).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(pair.access_token) });
    expect(me.statusCode).toBe(200);
  });

  it('treats a rotated token presented again as theft: 401, and the whole chain is revoked', async () => {
    const { refresh_token: original } = await registerUser(app);
    const second = (await refresh(original)).json().refresh_token;
    const reuse = await refresh(original);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({
      detail: 'Invalid or expired refresh token',
      code: 'refresh_token_invalid',
    });
    // The legitimate holder's newer token died with the chain.
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous uses of one token win', async () => {
    const { refresh_token } = await registerUser(app);
    const answers = await Promise.all([refresh(refresh_token), refresh(refresh_token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts a token until 30 days have passed', async () => {
    const { refresh_token } = await registerUser(app);
    clock.advance(30 * 24 * 60 * 60 * 1000 - 1000);
    expect((await refresh(refresh_token)).statusCode).toBe(200);
  });

  it('refuses a token after 30 days, an unknown one, and an access token', async () => {
    const { refresh_token, access_token } = await registerUser(app);
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    expect((await refresh(access_token)).statusCode).toBe(401);
    clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    expect((await refresh(refresh_token)).statusCode).toBe(401);
  });

  it('does not accept a refresh token as an access token', async () => {
    const { refresh_token } = await registerUser(app);
    const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(refresh_token) });
    expect(response.statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session (204) and is harmless to repeat', async () => {
    const { refresh_token } = await registerUser(app);
    const logout = () => app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token } });
    expect((await logout()).statusCode).toBe(204);
    expect((await refresh(refresh_token)).statusCode).toBe(401);
    expect((await logout()).statusCode).toBe(204);
  });

  it('leaves the user signed in elsewhere', async () => {
    const { email, password, refresh_token } = await registerUser(app);
    const other = (
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
    ).json();
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: other.refresh_token },
    });
    expect((await refresh(refresh_token)).statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  it('signs out every other session and keeps the one that changed it', async () => {
    const user = await registerUser(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const other = login.json();
    expect(decodeJwt(user.access_token).sid).not.toBe(decodeJwt(other.access_token).sid);

    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      headers: bearer(user.access_token),
      payload: { old_password: user.password, new_password: 'a brand new password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    // The other session's access token ends with it, not minutes later.
    const stale = await app.inject({ url: '/api/auth/me', headers: bearer(other.access_token) });
    expect(stale.statusCode).toBe(401);
    const kept = await app.inject({ url: '/api/auth/me', headers: bearer(user.access_token) });
    expect(kept.statusCode).toBe(200);
    expect((await refresh(user.refresh_token)).statusCode).toBe(200);
  });
});

describe('super admins', () => {
  it('come from SUPER_ADMIN_EMAILS, case-insensitively, in the token and /auth/me', async () => {
    const { access_token } = await registerVerifiedUser(app, 'boss@example.com');
    expect(decodeJwt(access_token).is_super_admin).toBe(true);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(access_token) });
    expect(me.json().is_super_admin).toBe(true);
  });

  it('come from the database flag set by the CLI command, from the next token on', async () => {
    const user = await registerVerifiedUser(app);
    expect(decodeJwt(user.access_token).is_super_admin).toBe(false);
    await promoteSuperAdmin(app.database.db, user.email);
    const pair = (await refresh(user.refresh_token)).json();
    expect(decodeJwt(pair.access_token).is_super_admin).toBe(true);
    await expect(promoteSuperAdmin(app.database.db, 'nobody@example.com')).rejects.toThrow('No account');
  });
});
