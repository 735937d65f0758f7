// Passkeys (docs/contract.md section 4): real WebAuthn ceremonies against a software authenticator. Registration and
// sign-in work and open a listed session; every refusal (replay, expiry, wrong ceremony, origin, RP, key, counter,
// owner, deleted passkey or user) answers {detail} and signs no one in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { passkeys, webauthnChallenges } from '../../db/schema/passkeys.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  buildTestApp,
  registerUser,
  registerVerifiedUser,
  TestClock,
  testConfig,
  type TestApp,
} from '../../../test/helpers.ts';
import { SoftAuthenticator, strangerKey, type Where } from '../../../test/soft-authenticator.ts';
import { deviceName } from './passkeys.service.ts';

const APP = { origin: 'https://app.example.test', rpId: 'app.example.test' };
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock, config: testConfig({ APP_URL: APP.origin }) });
});
afterAll(() => app.close());

type Options = { challenge: string; user: { id: string } };

const post = (url: string, token: string | null, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/auth/passkeys${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
const list = (token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: bearer(token) });
const remove = (token: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(token) });

async function registrationOptions(token: string) {
  const response = await post('/register/options', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Options;
}

/** A new user with one passkey, registered through the real ceremony. */
async function userWithPasskey(name?: string) {
  const user = await registerVerifiedUser(app);
  const authenticator = new SoftAuthenticator();
  const registration = authenticator.register(await registrationOptions(user.access_token), APP);
  const response = await post(
    '/register/verify',
    user.access_token,
    { ...registration, ...(name ? { name } : {}) },
    { 'user-agent': CHROME_LINUX },
  );
  expect(response.statusCode, response.body).toBe(201);
  return { user, authenticator, passkey: response.json() as { id: string; name: string } };
}

async function loginOptions() {
  const response = await post('/login/options', null);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { challenge: string; rpId: string; userVerification: string };
}

const signIn = (assertion: object, headers: Record<string, string> = {}) =>
  post('/login/verify', null, assertion, headers);

const expectRefused = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: expect.any(String), code: expect.stringMatching(/^passkey_/) });
};

describe('registering a passkey', () => {
  it('asks for a discoverable, user-verified credential of this relying party, excluding the ones held', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = (await post('/register/options', user.access_token)).json();
    expect(options).toMatchObject({
      rp: { id: APP.rpId },
      user: { name: user.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [{ id: authenticator.id, type: 'public-key' }],
    });
  });

  it('stores the passkey, named after the browser, and lists it newest first', async () => {
    const { user, passkey } = await userWithPasskey();
    expect(passkey).toEqual({
      id: expect.any(String),
      name: 'Chrome on Linux',
      created_at: clock.now().toISOString(),
      last_used_at: null,
    });
    clock.advance(1000);
    const second = new SoftAuthenticator();
    const response = await post('/register/verify', user.access_token, {
      ...second.register(await registrationOptions(user.access_token), APP),
      name: '  Work laptop ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await list(user.access_token)).json()).toEqual([
      expect.objectContaining({ name: 'Work laptop' }),
      expect.objectContaining({ id: passkey.id, name: 'Chrome on Linux' }),
    ]);
  });

  it('refuses a name over 100 characters with 422, and keeps the challenge for a corrected try', async () => {
    const user = await registerVerifiedUser(app);
    const registration = new SoftAuthenticator().register(await registrationOptions(user.access_token), APP);
    const tooLong = await post('/register/verify', user.access_token, {
      ...registration,
      name: 'x'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({
      detail: 'body.name: Name must be at most 100 characters',
      code: 'validation',
      params: { field: 'body.name', message: 'passkey_name_too_long' },
    });
    const fine = await post('/register/verify', user.access_token, {
      ...registration,
      name: 'x'.repeat(100),
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('refuses a credential id that is registered already, to anyone', async () => {
    const { authenticator } = await userWithPasskey();
    const other = await registerVerifiedUser(app);
    const again = authenticator.register(await registrationOptions(other.access_token), APP);
    const response = await post('/register/verify', other.access_token, again);
    expectRefused(response);
    expect(response.json()).toEqual({
      detail: 'This passkey is already registered',
      code: 'passkey_already_registered',
    });
    expect((await list(other.access_token)).json()).toEqual([]);
  });

  it('refuses a challenge issued to another user, and spends it', async () => {
    const owner = await registerVerifiedUser(app);
    const thief = await registerVerifiedUser(app);
    const registration = new SoftAuthenticator().register(await registrationOptions(owner.access_token), APP);
    expectRefused(await post('/register/verify', thief.access_token, registration));
    expectRefused(await post('/register/verify', owner.access_token, registration));
    expect((await list(thief.access_token)).json()).toEqual([]);
    expect((await list(owner.access_token)).json()).toEqual([]);
  });

  it('refuses a replayed registration', async () => {
    const user = await registerVerifiedUser(app);
    const registration = new SoftAuthenticator().register(await registrationOptions(user.access_token), APP);
    expect((await post('/register/verify', user.access_token, registration)).statusCode).toBe(201);
    await app.database.db.delete(passkeys).where(eq(passkeys.credentialId, registration.id));
    expectRefused(await post('/register/verify', user.access_token, registration));
  });

  it('refuses a login challenge, a wrong origin and a wrong relying party', async () => {
    const user = await registerVerifiedUser(app);
    const authenticator = new SoftAuthenticator();
    const loginChallenge = { challenge: (await loginOptions()).challenge, user: { id: 'eA' } };
    const tries: [Options, Where][] = [
      [loginChallenge, APP],
      [await registrationOptions(user.access_token), { ...APP, origin: 'https://evil.example.test' }],
      [await registrationOptions(user.access_token), { ...APP, rpId: 'evil.example.test' }],
    ];
    for (const [options, where] of tries) {
      expectRefused(
        await post('/register/verify', user.access_token, authenticator.register(options, where)),
      );
    }
    expect((await list(user.access_token)).json()).toEqual([]);
  });

  it('refuses an expired challenge', async () => {
    const user = await registerVerifiedUser(app);
    const options = await registrationOptions(user.access_token);
    clock.advance(5 * 60_000);
    const response = await post(
      '/register/verify',
      user.access_token,
      new SoftAuthenticator().register(options, APP),
    );
    expectRefused(response);
    expect(response.json()).toEqual({
      detail: expect.stringMatching(/expired/),
      code: 'passkey_challenge_expired',
    });
  });

  it('needs a signed-in user', async () => {
    expect((await post('/register/options', null)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/passkeys' })).statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('asks for any discoverable credential with user verification', async () => {
    const options = await loginOptions();
    expect(options).toEqual({
      challenge: expect.any(String),
      rpId: APP.rpId,
      timeout: 300_000,
      userVerification: 'required',
    });
  });

  it('answers the auth response and opens a session with the browser and address, listed', async () => {
    const { user, authenticator, passkey } = await userWithPasskey();
    clock.advance(1000);
    const response = await signIn(authenticator.authenticate(await loginOptions(), APP), {
      'user-agent': CHROME_LINUX,
    });
    expect(response.statusCode, response.body).toBe(200);
    const auth = response.json() as { access_token: string; refresh_token: string; email: string };
    expect(auth).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      email: user.email,
    });
    const sessions = await app.inject({ url: '/api/auth/sessions', headers: bearer(auth.access_token) });
    expect(sessions.json()).toContainEqual(
      expect.objectContaining({ current: true, user_agent: CHROME_LINUX, ip: '127.0.0.1' }),
    );
    expect((await list(auth.access_token)).json()).toEqual([
      { ...passkey, last_used_at: clock.now().toISOString() },
    ]);
    const [row] = await app.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.counter).toBe(1);
  });

  it('is both factors: an account with two-factor sign-in on gets its session, no second step', async () => {
    const { user, authenticator } = await userWithPasskey();
    await app.database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabled: true })
      .where(eq(users.email, user.email));
    const response = await signIn(authenticator.authenticate(await loginOptions(), APP));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      email: user.email,
    });
  });

  it('refuses a replayed assertion', async () => {
    const { authenticator } = await userWithPasskey();
    const assertion = authenticator.authenticate(await loginOptions(), APP);
    expect((await signIn(assertion)).statusCode).toBe(200);
    expectRefused(await signIn(assertion));
  });

  it('spends the challenge of a refused assertion too', async () => {
    const { authenticator } = await userWithPasskey();
    const options = await loginOptions();
    expectRefused(await signIn(authenticator.authenticate(options, APP, { signWith: strangerKey() })));
    expectRefused(await signIn(authenticator.authenticate(options, APP)));
  });

  it('refuses an expired challenge', async () => {
    const { authenticator } = await userWithPasskey();
    const options = await loginOptions();
    clock.advance(5 * 60_000 + 1);
    expectRefused(await signIn(authenticator.authenticate(options, APP)));
  });

  it('clears expired challenges when it makes a new one', async () => {
    const { challenge } = await loginOptions();
    clock.advance(5 * 60_000);
    await loginOptions();
    const left = await app.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, challenge));
    expect(left).toEqual([]);
  });

  it('refuses a registration challenge', async () => {
    const { user, authenticator } = await userWithPasskey();
    const registration = await registrationOptions(user.access_token);
    expectRefused(await signIn(authenticator.authenticate(registration, APP)));
  });

  it('refuses a wrong origin and a wrong relying party', async () => {
    const { authenticator } = await userWithPasskey();
    for (const where of [
      { ...APP, origin: 'https://evil.example.test' },
      { ...APP, rpId: 'evil.example.test' },
    ]) {
      expectRefused(await signIn(authenticator.authenticate(await loginOptions(), where)));
    }
    expect((await signIn(authenticator.authenticate(await loginOptions(), APP))).statusCode).toBe(200);
  });

  it('refuses a signature by another key', async () => {
    const { authenticator } = await userWithPasskey();
    const forged = authenticator.authenticate(await loginOptions(), APP, { signWith: strangerKey() });
    expectRefused(await signIn(forged));
  });

  it('refuses a counter that went backwards, and one that stood still', async () => {
    const { authenticator, passkey } = await userWithPasskey();
    expect(
      (await signIn(authenticator.authenticate(await loginOptions(), APP, { counter: 5 }))).statusCode,
    ).toBe(200);
    expectRefused(await signIn(authenticator.authenticate(await loginOptions(), APP, { counter: 3 })));
    expectRefused(await signIn(authenticator.authenticate(await loginOptions(), APP, { counter: 5 })));
    const [row] = await app.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.counter).toBe(5);
  });

  it('lets only one of two parallel sign-ins with the same counter through', async () => {
    const { authenticator } = await userWithPasskey();
    const [first, second] = [await loginOptions(), await loginOptions()].map((options) =>
      authenticator.authenticate(options, APP, { counter: 1 }),
    );
    const answers = await Promise.all([signIn(first!), signIn(second!)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a user handle that names someone else', async () => {
    const { authenticator } = await userWithPasskey();
    const other = await registerVerifiedUser(app);
    authenticator.userHandle = Buffer.from(
      (await app.database.db.select().from(users).where(eq(users.email, other.email)))[0]!.uuid,
    ).toString('base64url');
    expectRefused(await signIn(authenticator.authenticate(await loginOptions(), APP)));
  });

  it('refuses a deleted passkey', async () => {
    const { user, authenticator, passkey } = await userWithPasskey();
    expect((await remove(user.access_token, passkey.id)).statusCode).toBe(204);
    expectRefused(await signIn(authenticator.authenticate(await loginOptions(), APP)));
  });

  it('refuses the passkey of a deleted user', async () => {
    const { user, authenticator } = await userWithPasskey();
    await app.database.db.delete(users).where(eq(users.email, user.email));
    expectRefused(await signIn(authenticator.authenticate(await loginOptions(), APP)));
  });

  it('refuses a body that is not an assertion with 422', async () => {
    const response = await signIn({ id: 'abc', response: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: expect.any(String),
      code: 'validation',
      params: { field: expect.any(String), message: expect.any(String) },
    });
  });
});

describe('listing and removing passkeys', () => {
  it('lists only the caller’s own', async () => {
    const { user } = await userWithPasskey();
    const other = await registerVerifiedUser(app);
    expect((await list(user.access_token)).json()).toHaveLength(1);
    expect((await list(other.access_token)).json()).toEqual([]);
  });

  it('answers 404 for someone else’s passkey and an unknown id, and keeps it', async () => {
    const { user, passkey } = await userWithPasskey();
    const other = await registerVerifiedUser(app);
    for (const id of [passkey.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await remove(other.access_token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Passkey not found', code: 'passkey_not_found' });
    }
    expect((await list(user.access_token)).json()).toHaveLength(1);
    expect((await remove(user.access_token, passkey.id.toUpperCase())).statusCode).toBe(204);
    expect((await list(user.access_token)).json()).toEqual([]);
  });
});

describe('the rate limit of the public routes', () => {
  for (const url of ['/login/options', '/login/verify']) {
    it(`answers the 61st request in a minute from one address to ${url} with 429 and Retry-After`, async () => {
      const limited = await buildTestApp({ config: testConfig({ TRUST_PROXY: 'true' }) });
      try {
        const send = (address: string) =>
          limited.inject({
            method: 'POST',
            url: `/api/auth/passkeys${url}`,
            headers: { 'x-forwarded-for': address },
            payload: {},
          });
        for (let i = 0; i < 60; i++) expect((await send('203.0.113.9')).statusCode).not.toBe(429);
        const refused = await send('203.0.113.9');
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toMatch(/^\d+$/);
        expect(refused.json()).toEqual({
          detail: expect.stringMatching(/Too many requests/),
          code: 'rate_limited',
          params: { reason: 'per_address', seconds: Number(refused.headers['retry-after']) },
        });
        expect((await send('203.0.113.10')).statusCode).not.toBe(429);
      } finally {
        await limited.close();
      }
    });
  }
});

describe('a passkey’s default name', () => {
  it('is the browser and system of the user agent', () => {
    expect(deviceName(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceName(null)).toBe('Passkey');
  });
});

describe('an unverified account', () => {
  it('cannot add a passkey: whoever registered an address unproven would keep a way in after its owner reclaims it', async () => {
    const squatter = await registerUser(app);
    const response = await post('/register/options', squatter.access_token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Verify your email before adding a passkey',
      code: 'passkey_needs_verified_email',
    });
  });
});

describe('what a passkey stands for', () => {
  it('refuses an assertion without user verification: a passkey replaces both factors only when verified', async () => {
    const { authenticator } = await userWithPasskey();
    expectRefused(
      await signIn(authenticator.authenticate(await loginOptions(), APP, { userVerified: false })),
    );
    expect((await signIn(authenticator.authenticate(await loginOptions(), APP))).statusCode).toBe(200);
  });

  it('is added only from a sign-in of the last 15 minutes: a session kept alive by refreshing cannot plant one', async () => {
    const user = await registerVerifiedUser(app);
    clock.advance(16 * 60_000);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: user.refresh_token },
    });
    const stale = await post('/register/options', refreshed.json().access_token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      detail: 'For your security, sign in again to continue: this needs a sign-in from the last 15 minutes.',
      code: 'recent_sign_in_required',
    });
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect((await post('/register/options', fresh.json().access_token)).statusCode).toBe(200);
  });
});

describe('hostile input inside the encoded fields', () => {
  it('answers a challenge that is no challenge of ours with 400, not a database error', async () => {
    const { authenticator } = await userWithPasskey();
    for (const challenge of ['x\u0000', 'a'.repeat(600), '../../etc', '']) {
      expectRefused(await signIn(authenticator.authenticate({ challenge }, APP)));
    }
  });

  it('refuses a name with control characters with 422', async () => {
    const user = await registerVerifiedUser(app);
    const registration = new SoftAuthenticator().register(await registrationOptions(user.access_token), APP);
    const response = await post('/register/verify', user.access_token, {
      ...registration,
      name: 'Key\u0000',
    });
    expect(response.statusCode).toBe(422);
  });
});
