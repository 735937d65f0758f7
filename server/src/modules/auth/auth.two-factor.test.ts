// Two-factor authentication (docs/contract.md section 4): TOTP set up and turned on with a code, recovery codes
// shown once and each spent once, and sign-in in two steps whose mfa_token lives 5 minutes, serves once and is
// limited; a code is never accepted twice. The authenticator app is played by otpauth with the test clock.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { recoveryCodes } from '../../db/schema/recovery-codes.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  latestMailTo,
  registerUser,
  registerVerifiedUser,
  TestClock,
  type TestApp,
  uniqueEmail,
  userWithTwoFactor,
} from '../../../test/helpers.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { totpCodeAt } from './second-factor.ts';

const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock, limits: { wrongCodes: { max: 5, timeWindow: 15 * 60_000 } } });
});
afterAll(() => app.close());

const STEP_MS = 30_000;
const post = (url: string, token: string | null, payload?: object) =>
  app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const me = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();
const login = (email: string, password: string) => post('/api/auth/login', null, { email, password });
const verify = (mfa_token: string, code: string) => post('/api/auth/2fa/verify', null, { mfa_token, code });

/** The first step of a sign-in: the password answers the second step, not tokens. */
async function firstStep(email: string, password: string) {
  const response = await login(email, password);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
  return body.mfa_token as string;
}

describe('turning two-factor on', () => {
  it('gives a secret and an otpauth URL naming Tessera and the account, and stays off until a code is shown', async () => {
    const user = await registerVerifiedUser(app, uniqueEmail());
    const setup = await post('/api/auth/2fa/setup', user.access_token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Tessera:${user.email}`);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Tessera');
    expect((await me(user.access_token)).two_factor_enabled).toBe(false);

    // Off until then: the password alone still signs in.
    expect((await login(user.email, user.password)).json()).toHaveProperty('access_token');
  });

  it('refuses a wrong code and a code of an older setup, then turns on with ten distinct recovery codes', async () => {
    const user = await registerVerifiedUser(app, uniqueEmail());
    const first = (await post('/api/auth/2fa/setup', user.access_token)).json().secret;
    const second = (await post('/api/auth/2fa/setup', user.access_token)).json().secret;
    expect(second).not.toBe(first);

    const wrong = await post('/api/auth/2fa/enable', user.access_token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Invalid code', code: 'second_factor_invalid' });
    const stale = await post('/api/auth/2fa/enable', user.access_token, {
      code: totpCodeAt(first, clock.now()),
    });
    expect(stale.statusCode).toBe(400);
    expect((await me(user.access_token)).two_factor_enabled).toBe(false);

    const enable = await post('/api/auth/2fa/enable', user.access_token, {
      code: totpCodeAt(second, clock.now()),
    });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await me(user.access_token)).two_factor_enabled).toBe(true);

    // Stored hashed: no code appears in the table.
    const stored = await app.database.db
      .select({ codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, (await me(user.access_token)).uuid));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of codes) expect(hashes).not.toContain(code.replace('-', ''));

    // Once on, setup cannot replace the secret, and enabling again is refused.
    expect((await post('/api/auth/2fa/setup', user.access_token)).statusCode).toBe(400);
    clock.advance(STEP_MS);
    const again = await post('/api/auth/2fa/enable', user.access_token, {
      code: totpCodeAt(second, clock.now()),
    });
    expect(again.json()).toEqual({
      detail: 'Two-factor authentication is already on',
      code: 'two_factor_already_on',
    });
  });

  it('is refused to an unverified account: whoever registered an address unproven would lock its owner out', async () => {
    const user = await registerUser(app);
    const setup = await post('/api/auth/2fa/setup', user.access_token);
    expect(setup.statusCode).toBe(400);
    expect(setup.json()).toEqual({
      detail: 'Verify your email before turning on two-factor authentication',
      code: 'two_factor_needs_verified_email',
    });
  });

  it('needs a signed-in user', async () => {
    expect((await post('/api/auth/2fa/setup', null)).statusCode).toBe(401);
    expect((await post('/api/auth/2fa/enable', null, { code: '123456' })).statusCode).toBe(401);
    expect((await post('/api/auth/2fa/disable', null, { code: '123456' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('answers the second step instead of tokens, and a code of the authenticator signs in once', async () => {
    const user = await userWithTwoFactor(app, clock);
    const mfaToken = await firstStep(user.email, user.password);
    // The step's token is no access token.
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(mfaToken) })).statusCode,
    ).toBe(401);

    const done = await verify(mfaToken, totpCodeAt(user.secret, clock.now()));
    expect(done.statusCode).toBe(200);
    const session = done.json();
    expect(session).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      email: user.email,
    });
    expect((await me(session.access_token)).two_factor_enabled).toBe(true);

    // Single use, even with the next valid code.
    clock.advance(STEP_MS);
    const reused = await verify(mfaToken, totpCodeAt(user.secret, clock.now()));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      detail: 'Your sign-in has expired. Sign in again.',
      code: 'sign_in_expired',
    });
  });

  it('refuses a code replayed within its window, and takes the next step’s code', async () => {
    const user = await userWithTwoFactor(app, clock);
    const code = totpCodeAt(user.secret, clock.now());
    expect((await verify(await firstStep(user.email, user.password), code)).statusCode).toBe(200);

    // The same code, still inside its 30 seconds, for another sign-in: refused, and the step stays usable.
    const second = await firstStep(user.email, user.password);
    const replay = await verify(second, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: 'Invalid code', code: 'second_factor_invalid' });
    // A code of an earlier step (still inside the window) is refused too: steps only move forward.
    const earlier = totpCodeAt(user.secret, new Date(clock.now().getTime() - STEP_MS));
    expect((await verify(second, earlier)).statusCode).toBe(400);

    clock.advance(STEP_MS);
    expect((await verify(second, totpCodeAt(user.secret, clock.now()))).statusCode).toBe(200);
  });

  it('lets one of two parallel sign-ins with the same code through', async () => {
    const user = await userWithTwoFactor(app, clock);
    const code = totpCodeAt(user.secret, clock.now());
    const steps = [await firstStep(user.email, user.password), await firstStep(user.email, user.password)];
    const answers = await Promise.all(steps.map((step) => verify(step, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('does not count a refusal other than a wrong code against the limit', async () => {
    const user = await registerVerifiedUser(app, uniqueEmail());
    // Enabling before any setup is refused for that reason, not as a wrong code: far more often than the limit.
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const early = await post('/api/auth/2fa/enable', user.access_token, { code: '123456' });
      expect(early.json()).toEqual({
        detail: 'Start the two-factor setup first',
        code: 'two_factor_setup_missing',
      });
    }
  });

  it('is set up only from a sign-in of the last 15 minutes: a refreshed session stays as old as its sign-in', async () => {
    const user = await registerVerifiedUser(app, uniqueEmail());
    clock.advance(16 * 60_000);
    const refreshed = (await post('/api/auth/refresh', null, { refresh_token: user.refresh_token })).json();
    const stale = await post('/api/auth/2fa/setup', refreshed.access_token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      detail: 'For your security, sign in again to continue: this needs a sign-in from the last 15 minutes.',
      code: 'recent_sign_in_required',
    });
    const fresh = (await login(user.email, user.password)).json();
    expect((await post('/api/auth/2fa/setup', fresh.access_token)).statusCode).toBe(200);
  });

  it('accepts the codes of the steps either side of now, not two steps away', async () => {
    const user = await userWithTwoFactor(app, clock);
    const at = (offset: number) =>
      totpCodeAt(user.secret, new Date(clock.now().getTime() + offset * STEP_MS));
    expect((await verify(await firstStep(user.email, user.password), at(2))).statusCode).toBe(400);
    expect((await verify(await firstStep(user.email, user.password), at(-2))).statusCode).toBe(400);
    expect((await verify(await firstStep(user.email, user.password), at(1))).statusCode).toBe(200);
  });

  it('lets the second step expire after 5 minutes', async () => {
    const user = await userWithTwoFactor(app, clock);
    const mfaToken = await firstStep(user.email, user.password);
    clock.advance(5 * 60_000 + 1000);
    const late = await verify(mfaToken, totpCodeAt(user.secret, clock.now()));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      detail: 'Your sign-in has expired. Sign in again.',
      code: 'sign_in_expired',
    });
  });

  it('takes each recovery code once, however it is typed', async () => {
    const user = await userWithTwoFactor(app, clock);
    const [code] = user.recoveryCodes;
    const typed = ` ${code!.toUpperCase().replace('-', ' ')} `;
    const done = await verify(await firstStep(user.email, user.password), typed);
    expect(done.statusCode).toBe(200);
    const again = await verify(await firstStep(user.email, user.password), code!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid code', code: 'second_factor_invalid' });
    // The others still work.
    expect(
      (await verify(await firstStep(user.email, user.password), user.recoveryCodes[1]!)).statusCode,
    ).toBe(200);
  });

  it('limits wrong codes per user across fresh steps, with Retry-After, and a right code then waits too', async () => {
    const user = await userWithTwoFactor(app, clock);
    // The test app allows 5 wrong codes in 15 minutes; each try uses a new step, as an attacker with the password would.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify(await firstStep(user.email, user.password), '000000')).statusCode).toBe(400);
    }
    const mfaToken = await firstStep(user.email, user.password);
    const limited = await verify(mfaToken, totpCodeAt(user.secret, clock.now()));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'Too many wrong codes. Try again later.',
      code: 'rate_limited',
      params: { reason: 'wrong_codes' },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // One counter per user: turning two-factor off from a stolen session waits as well.
    const disable = await post('/api/auth/2fa/disable', user.access_token, { code: user.recoveryCodes[0] });
    expect(disable.statusCode).toBe(429);
    expect((await me(user.access_token)).two_factor_enabled).toBe(true);
    // Another user is not held up.
    const other = await userWithTwoFactor(app, clock);
    expect(
      (await verify(await firstStep(other.email, other.password), other.recoveryCodes[0]!)).statusCode,
    ).toBe(200);
  });

  it('does not take a token of another purpose, or a made-up one, as the second step', async () => {
    const user = await userWithTwoFactor(app, clock);
    const unverified = await registerUser(app);
    const { token: verificationToken } = await latestMailTo(app, unverified.email);
    const code = totpCodeAt(user.secret, clock.now());
    expect((await verify(verificationToken!, code)).statusCode).toBe(401);
    expect((await verify('made-up', code)).statusCode).toBe(401);
    // A refresh token is no second step either.
    expect((await verify(user.refresh_token, code)).statusCode).toBe(401);
  });

  it('asks an invited account with two-factor on for its code: the link proves the mailbox, not the account', async () => {
    const owner = await registerVerifiedUser(app, uniqueEmail());
    const team = await createTeam(app, owner, 'Mailbox Test');
    const user = await userWithTwoFactor(app, clock);
    const invite = await app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: { ...bearer(owner.access_token), 'x-tenant-uuid': team.uuid },
      payload: { email: user.email, role: 'member' },
    });
    expect(invite.statusCode).toBe(201);
    const { token } = await latestMailTo(app, user.email);
    const accepted = await app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` });
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json();
    expect(body).toEqual({
      mfa_required: true,
      mfa_token: expect.any(String),
      tenant_name: 'Mailbox Test',
      tenant_uuid: team.uuid,
    });
    const session = await verify(body.mfa_token, totpCodeAt(user.secret, clock.now()));
    expect(session.statusCode).toBe(200);
  });

  it('retires an unused verification link when two-factor is turned on, so the link cannot sign in past it', async () => {
    const user = await registerUser(app);
    const { token } = await latestMailTo(app, user.email);
    // Verified another way (a password reset proves the mailbox too) while the first link is still unused.
    await post('/api/auth/reset-password/request', null, { email: user.email });
    const { token: resetToken } = await latestMailTo(app, user.email);
    await post('/api/auth/reset-password/confirm', null, {
      token: resetToken,
      new_password: 'another good password',
    });
    const { access_token } = (await login(user.email, 'another good password')).json();
    const { secret } = (await post('/api/auth/2fa/setup', access_token)).json();
    expect(
      (await post('/api/auth/2fa/enable', access_token, { code: totpCodeAt(secret, clock.now()) }))
        .statusCode,
    ).toBe(200);
    const link = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(link.statusCode).toBe(400);
  });
});

describe('turning two-factor off', () => {
  it('needs a valid code: a stolen session alone cannot', async () => {
    const user = await userWithTwoFactor(app, clock);
    const wrong = await post('/api/auth/2fa/disable', user.access_token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await me(user.access_token)).two_factor_enabled).toBe(true);

    const off = await post('/api/auth/2fa/disable', user.access_token, { code: user.recoveryCodes[0] });
    expect(off.statusCode).toBe(200);
    expect((await me(user.access_token)).two_factor_enabled).toBe(false);
    // The password alone signs in again, and the old recovery codes are gone with the secret.
    expect((await login(user.email, user.password)).json()).toHaveProperty('access_token');
    expect(
      await app.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, (await me(user.access_token)).uuid)),
    ).toEqual([]);
    const again = await post('/api/auth/2fa/disable', user.access_token, { code: user.recoveryCodes[1] });
    expect(again.json()).toEqual({
      detail: 'Two-factor authentication is not on',
      code: 'two_factor_not_on',
    });
  });

  it('takes a current authenticator code, once', async () => {
    const user = await userWithTwoFactor(app, clock);
    const code = totpCodeAt(user.secret, clock.now());
    expect((await verify(await firstStep(user.email, user.password), code)).statusCode).toBe(200);
    // The code that just signed in cannot turn two-factor off.
    expect((await post('/api/auth/2fa/disable', user.access_token, { code })).statusCode).toBe(400);
    clock.advance(STEP_MS);
    const next = totpCodeAt(user.secret, clock.now());
    expect((await post('/api/auth/2fa/disable', user.access_token, { code: next })).statusCode).toBe(200);
  });
});

describe('the stored secret', () => {
  it('is sealed: the database holds no secret an authenticator could be set up with', async () => {
    const user = await userWithTwoFactor(app, clock);
    const [row] = await app.database.db
      .select({ totpSecret: users.totpSecret })
      .from(users)
      .where(eq(users.email, user.email));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(user.secret);
  });

  it('opens only under the key that sealed it, and not once tampered with', () => {
    const box = createSecretBox('a'.repeat(32), 'totp secret');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(createSecretBox('b'.repeat(32), 'totp secret').open(sealed)).toBeNull();
    // Sealed for one purpose, opened by no other.
    expect(createSecretBox('a'.repeat(32), 'sso client secret').open(sealed)).toBeNull();
    // The second-last character carries six bits of the ciphertext (the last one has padding bits a decoder ignores).
    const flipped = sealed.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${sealed.slice(0, -2)}${flipped}${sealed.slice(-1)}`;
    expect(box.open(tampered)).toBeNull();
    expect(box.open('v1.')).toBeNull();
  });
});
