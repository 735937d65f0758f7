// Google sign-in against a local JWKS endpoint serving a test key, as Google's certificate URL would.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  latestMailTo,
  registerUser,
  TestClock,
  testConfig,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { createGoogleIdTokens } from './google-id-tokens.ts';
import { totpCodeAt } from './second-factor.ts';

const CLIENT_ID = 'tessera-test.apps.googleusercontent.com';
const clock = new TestClock();
let jwks: { keys: JWK[] } = { keys: [] };
let jwksServer: Server;
let app: TestApp;
let googleKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

function idToken(
  claims: Record<string, unknown>,
  {
    key = googleKey,
    kid = 'key-1',
    issuer = 'https://accounts.google.com',
    audience = CLIENT_ID,
    lifetimeSeconds = 3600,
  } = {},
) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject('1234567890')
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(key);
}

beforeAll(async () => {
  const first = await newKey('key-1');
  googleKey = first.privateKey;
  jwks = { keys: [first.jwk] };
  jwksServer = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(jwks));
  }).listen(0, '127.0.0.1');
  await once(jwksServer, 'listening');
  const { port } = jwksServer.address() as AddressInfo;
  app = await buildTestApp({
    clock,
    config: testConfig({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
      SUPER_ADMIN_EMAILS: 'google-root@example.com',
    }),
  });
});
afterAll(async () => {
  await app.close();
  jwksServer.close();
});

const googleLogin = (credential: string) =>
  app.inject({ method: 'POST', url: '/api/auth/google-login', payload: { credential } });

describe('POST /auth/google-login', () => {
  it('creates a verified account without a password on first sign-in, and signs it in again later', async () => {
    const email = uniqueEmail();
    const first = await googleLogin(await idToken({ email: email.toUpperCase() }));
    expect(first.statusCode).toBe(200);
    expect(first.json().email).toBe(email);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(first.json().access_token),
    });
    expect(me.json()).toMatchObject({ email, is_verified: true, has_password: false });

    const again = await googleLogin(await idToken({ email }));
    expect(again.statusCode).toBe(200);
  });

  it('hands an unverified account to the mailbox owner: verified, and the registrant signed out', async () => {
    // Someone registered the address without owning it; the owner then signs in with Google.
    const squatter = await registerUser(app);
    const response = await googleLogin(await idToken({ email: squatter.email }));
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(response.json().access_token),
    });
    expect(me.json()).toMatchObject({ email: squatter.email, is_verified: true, has_password: false });
    const login = { email: squatter.email, password: squatter.password };
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: login })).statusCode).toBe(
      401,
    );
    const refresh = { refresh_token: squatter.refresh_token };
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: refresh })).statusCode,
    ).toBe(401);
  });

  it('makes a listed address that Google vouches for a super admin from its first token', async () => {
    const squatter = await registerUser(app, 'google-root@example.com');
    expect(decodeJwt(squatter.access_token).is_super_admin).toBe(false);
    const response = await googleLogin(await idToken({ email: 'google-root@example.com' }));
    expect(decodeJwt(response.json().access_token).is_super_admin).toBe(true);
    // The squatter's session ended with the reclaim, access token included.
    const stale = await app.inject({
      url: '/api/super-admin/tenants',
      headers: bearer(squatter.access_token),
    });
    expect(stale.statusCode).toBe(401);
  });

  it('keeps the password of an account whose email was already verified', async () => {
    const owner = await registerUser(app);
    const { token } = await latestMailTo(app, owner.email);
    await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    const response = await googleLogin(await idToken({ email: owner.email }));
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(response.json().access_token),
    });
    expect(me.json()).toMatchObject({ is_verified: true, has_password: true });
  });

  it('accepts a key Google rotated in after the first fetch', async () => {
    const { port } = jwksServer.address() as AddressInfo;
    // No refetch cooldown here; the app keeps jose's, so unknown key ids cannot make it hammer Google.
    const verifier = createGoogleIdTokens({
      clientId: CLIENT_ID,
      jwksUrl: `http://127.0.0.1:${port}/certs`,
      clock,
      refetchCooldownMs: 0,
    });
    const email = uniqueEmail();
    expect((await verifier.verify(await idToken({ email }))).email).toBe(email);
    const rotated = await newKey('key-2');
    jwks = { keys: [...jwks.keys, rotated.jwk] };
    const signedWithRotated = await idToken({ email }, { key: rotated.privateKey, kid: 'key-2' });
    expect((await verifier.verify(signedWithRotated)).email).toBe(email);
  });

  it.each([
    [
      'a wrong audience',
      {},
      { audience: 'someone-else.apps.googleusercontent.com' },
      'google_credential_invalid',
    ],
    ['a wrong issuer', {}, { issuer: 'https://evil.example.com' }, 'google_credential_invalid'],
    ['an expired token', {}, { lifetimeSeconds: -10 }, 'google_credential_invalid'],
    ['an unverified email', { email_verified: false }, {}, 'google_email_unverified'],
  ])('answers 401 {detail} for %s', async (_case, claims, options, code) => {
    const response = await googleLogin(await idToken({ email: uniqueEmail(), ...claims }, options));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code });
  });

  it('answers 401 for a forged signature and for garbage', async () => {
    const forger = await newKey('key-1');
    const forged = await idToken({ email: uniqueEmail() }, { key: forger.privateKey });
    for (const credential of [forged, 'not.a.token']) {
      expect((await googleLogin(credential)).statusCode).toBe(401);
    }
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('has no Google sign-in: 404, and the public config says so', async () => {
    const plain = await buildTestApp();
    const response = await plain.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      payload: { credential: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect((await plain.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      google_client_id: null,
    });
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      google_client_id: CLIENT_ID,
    });
    await plain.close();
  });
});

describe('Google sign-in with two-factor on', () => {
  it('takes the same second step as a password: Google proves the mailbox, the code proves the account', async () => {
    const email = uniqueEmail();
    const { access_token } = (await googleLogin(await idToken({ email }))).json();
    const headers = bearer(access_token);
    const { secret } = (await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers })).json();
    const enable = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers,
      payload: { code: totpCodeAt(secret, clock.now()) },
    });
    expect(enable.statusCode).toBe(200);

    const step = await googleLogin(await idToken({ email }));
    expect(step.statusCode).toBe(200);
    expect(step.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    clock.advance(30_000);
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { mfa_token: step.json().mfa_token, code: totpCodeAt(secret, clock.now()) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email, access_token: expect.any(String) });
  });
});
