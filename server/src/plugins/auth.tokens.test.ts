// Forged, stale and swapped tokens are all turned away with 401.
import { randomUUID } from 'node:crypto';

import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, registerUser, type TestApp } from '../../test/helpers.ts';

let app: TestApp;
let session: { access_token: string; refresh_token: string };
let subject: string;
let email: string;

beforeAll(async () => {
  app = await buildTestApp();
  session = await registerUser(app);
  const me = (
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.access_token) })
  ).json();
  subject = me.uuid;
  email = me.email;
});
afterAll(() => app.close());

const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const now = () => Math.floor(Date.now() / 1000);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(claims: Record<string, unknown>, { secret = app.config.jwtSecret, alg = 'HS256' } = {}) {
  return new SignJWT({ email, is_super_admin: false, sid: decodeJwt(session.access_token).sid, ...claims })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject(subject)
    .sign(new TextEncoder().encode(secret));
}

describe('access tokens', () => {
  it('accepts the genuine article (the control for every case below)', async () => {
    expect((await me(session.access_token)).statusCode).toBe(200);
    expect((await me(await sign({ iat: now(), exp: now() + 60 }))).statusCode).toBe(200);
  });

  it('refuses a genuine token of a session that has ended, or names a session that never was', async () => {
    expect((await me(await sign({ iat: now(), exp: now() + 60, sid: randomUUID() }))).statusCode).toBe(401);
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct horse battery' },
    });
    const { access_token, refresh_token } = other.json();
    expect((await me(access_token)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token } });
    expect((await me(access_token)).statusCode).toBe(401);
    expect((await me(session.access_token)).statusCode).toBe(200);
  });

  it('refuses an ended session on every kind of route: signed-in, in a team, super admin', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct horse battery' },
    });
    const { access_token, refresh_token } = login.json();
    const team = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: bearer(access_token),
      payload: { name: 'Ended' },
    });
    const inTeam = { ...bearer(access_token), 'x-tenant-uuid': team.json().uuid };
    const calls = [
      { method: 'GET', url: '/api/tenants', headers: bearer(access_token) },
      { method: 'GET', url: '/api/items/', headers: inTeam },
      { method: 'POST', url: '/api/items/', headers: inTeam, payload: { name: 'After sign-out' } },
      { method: 'GET', url: '/api/items/', headers: bearer(access_token) },
      { method: 'GET', url: '/api/super-admin/tenants', headers: bearer(access_token) },
    ] as const;
    // The control: while the session is open, each answers as it should (not a super admin: 403; no team: 400).
    expect(await Promise.all(calls.map(async (call) => (await app.inject(call)).statusCode))).toEqual([
      200, 200, 201, 400, 403,
    ]);
    await app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token } });
    expect(await Promise.all(calls.map(async (call) => (await app.inject(call)).statusCode))).toEqual([
      401, 401, 401, 401, 401,
    ]);
    // The same user's other session, still open, still reads the team: only the ended one is refused.
    const stillOpen = { ...inTeam, ...bearer(session.access_token) };
    expect((await app.inject({ method: 'GET', url: '/api/items/', headers: stillOpen })).statusCode).toBe(
      200,
    );
  });

  it('refuses alg "none"', async () => {
    const header = base64url({ alg: 'none', typ: 'JWT' });
    const payload = base64url({ sub: subject, email, is_super_admin: true, iat: now(), exp: now() + 60 });
    for (const token of [`${header}.${payload}.`, `${header}.${payload}`]) {
      expect((await me(token)).statusCode).toBe(401);
    }
  });

  it('refuses a token signed with another key, or with another algorithm', async () => {
    const claims = { iat: now(), exp: now() + 60 };
    expect(
      (await me(await sign(claims, { secret: 'another-secret-that-is-32-bytes-long!!' }))).statusCode,
    ).toBe(401);
    expect((await me(await sign(claims, { alg: 'HS512' }))).statusCode).toBe(401);
  });

  it('refuses an expired token and one not yet valid', async () => {
    expect((await me(await sign({ iat: now() - 120, exp: now() - 60 }))).statusCode).toBe(401);
    expect((await me(await sign({ iat: now(), nbf: now() + 600, exp: now() + 1200 }))).statusCode).toBe(401);
  });

  it('refuses a token whose claims were changed after signing (is_super_admin flipped)', async () => {
    const [header, payload, signature] = session.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.is_super_admin).toBe(false);
    const tampered = `${header}.${base64url({ ...claims, is_super_admin: true })}.${signature}`;
    const response = await me(tampered);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: 'session_ended' });
    const admin = await app.inject({
      method: 'GET',
      url: '/api/super-admin/tenants',
      headers: bearer(tampered),
    });
    expect(admin.statusCode).toBe(401);
  });

  it('refuses a token without an expiry', async () => {
    expect((await me(await sign({ iat: now() }))).statusCode).toBe(401);
  });

  it('keeps refresh and access tokens apart: neither works as the other', async () => {
    expect((await me(session.refresh_token)).statusCode).toBe(401);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: session.access_token },
    });
    expect(refreshed.statusCode).toBe(401);
    // The real refresh token is untouched by those attempts.
    const genuine = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(genuine.statusCode).toBe(200);
  });
});
