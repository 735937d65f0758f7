// Register, sign in, /auth/me, password changes, verification and reset links, on the real database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  latestMailTo,
  registerUser,
  TestClock,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { users } from '../../db/schema/users.ts';
import { RESET_REQUESTED_MESSAGE } from './credentials.service.ts';

const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock });
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, headers = {}) =>
  app.inject({ method: 'POST', url: `/api/auth${url}`, payload: payload as object, headers });
const me = async (accessToken: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) })).json();

describe('register', () => {
  it('creates an unverified account, signs it in and queues a verification mail with the link', async () => {
    const email = uniqueEmail();
    const response = await post('/register', {
      email: `  ${email.toUpperCase()} `,
      password: 'long enough pw',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), email });
    expect(await me(body.access_token)).toMatchObject({
      email,
      is_verified: false,
      has_password: true,
      is_super_admin: false,
    });

    const mail = await latestMailTo(app, email);
    expect(mail.subject).toMatch(/Tessera/);
    expect(mail.text).toContain(`${app.config.appUrl}/verify-email?token=`);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const { email } = await registerUser(app);
    const response = await post('/register', { email: email.toUpperCase(), password: 'another password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Email already registered', code: 'email_taken' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough pw' }, /Please enter a valid email address/],
    [{ email: '', password: 'long enough pw' }, /Email is required/],
    [{ email: 'a@example.com', password: 'short' }, /Password must be at least 8 characters long/],
    [{ email: 'a@example.com' }, /password/],
  ])('answers 422 for %o', async (payload, detail) => {
    const response = await post('/register', payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(detail);
  });

  it('never stores the password itself', async () => {
    const { email, password } = await registerUser(app);
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(password);
  });
});

describe('login', () => {
  it('signs in with the right password, email in any case and padding', async () => {
    const { email, password } = await registerUser(app);
    const response = await post('/login', { email: ` ${email.toUpperCase()}`, password });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(email);
    expect((await me(response.json().access_token)).email).toBe(email);
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const { email } = await registerUser(app);
    const wrong = await post('/login', { email, password: 'wrong password' });
    const unknown = await post('/login', { email: uniqueEmail(), password: 'whatever it is' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid email or password', code: 'invalid_credentials' });
    }
  });

  it('answers 422 without a password', async () => {
    const response = await post('/login', { email: uniqueEmail(), password: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/Password is required/);
  });
});

describe('GET /auth/me', () => {
  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    const { access_token } = await registerUser(app);
    const [header, payload] = access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(forged) })).statusCode,
    ).toBe(401);
    clock.advance(app.config.accessTokenTtlSeconds * 1000 + 1000);
    const expired = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(access_token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Invalid or expired token', code: 'session_ended' });
  });

  it('answers the contract shape', async () => {
    const { access_token, email } = await registerUser(app);
    expect(await me(access_token)).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      is_verified: false,
      is_super_admin: false,
      has_password: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      two_factor_enabled: false,
      locale: 'en',
      theme: 'system',
    });
  });
});

describe('verify-email', () => {
  it('verifies the account once and signs it in', async () => {
    const { email } = await registerUser(app);
    const { token } = await latestMailTo(app, email);
    const first = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(first.statusCode).toBe(200);
    expect(first.json().email).toBe(email);
    expect((await me(first.json().access_token)).is_verified).toBe(true);

    const again = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: 'Invalid or expired verification link',
      code: 'verification_link_invalid',
    });
  });

  it('accepts a link until 24 hours have passed', async () => {
    const { email } = await registerUser(app);
    const { token } = await latestMailTo(app, email);
    clock.advance(24 * 60 * 60 * 1000 - 1000);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode,
    ).toBe(200);
  });

  it('refuses a link older than 24 hours, and an unknown one', async () => {
    const { email } = await registerUser(app);
    const { token } = await latestMailTo(app, email);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    for (const candidate of [token, 'made-up-token']) {
      const response = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${candidate}` });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('password reset', () => {
  it('answers the same message for known and unknown emails, mailing only the account', async () => {
    const { email } = await registerUser(app);
    const stranger = uniqueEmail();
    for (const address of [email, stranger]) {
      const response = await post('/reset-password/request', { email: address });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    }
    expect((await latestMailTo(app, email)).text).toContain(`${app.config.appUrl}/reset-password?token=`);
    await expect(latestMailTo(app, stranger)).rejects.toThrow('no mail');
  });

  it('sets the new password once, signs out other sessions, and the old password stops working', async () => {
    const { email, password, refresh_token } = await registerUser(app);
    await post('/reset-password/request', { email });
    const { token } = await latestMailTo(app, email);

    const confirm = await post('/reset-password/confirm', { token, new_password: 'a brand new secret' });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toMatch(/reset/);

    expect((await post('/login', { email, password })).statusCode).toBe(401);
    expect((await post('/login', { email, password: 'a brand new secret' })).statusCode).toBe(200);
    expect((await post('/refresh', { refresh_token })).statusCode).toBe(401);

    const reused = await post('/reset-password/confirm', { token, new_password: 'yet another secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'Invalid or expired reset link', code: 'reset_link_invalid' });
  });

  it('refuses a link after one hour, and every other link once one was used', async () => {
    const { email } = await registerUser(app);
    await post('/reset-password/request', { email });
    const older = (await latestMailTo(app, email)).token;
    await post('/reset-password/request', { email });
    const newer = (await latestMailTo(app, email)).token;
    // Asking again leaves the earlier link live: a stranger asking must not kill the one the owner opens.
    expect(
      (await post('/reset-password/confirm', { token: older, new_password: 'new password 1' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/reset-password/confirm', { token: newer, new_password: 'new password 3' })).statusCode,
    ).toBe(400);
    await post('/reset-password/request', { email });
    const late = (await latestMailTo(app, email)).token;
    clock.advance(60 * 60 * 1000 + 1000);
    expect(
      (await post('/reset-password/confirm', { token: late, new_password: 'new password 1' })).statusCode,
    ).toBe(400);
  });

  it('accepts a link until the hour is over, and never a verification link', async () => {
    const { email } = await registerUser(app);
    const verification = (await latestMailTo(app, email)).token;
    const asReset = await post('/reset-password/confirm', {
      token: verification,
      new_password: 'new password 2',
    });
    expect(asReset.statusCode).toBe(400);
    await post('/reset-password/request', { email });
    const { token } = await latestMailTo(app, email);
    clock.advance(60 * 60 * 1000 - 1000);
    expect(
      (await post('/reset-password/confirm', { token, new_password: 'new password 2' })).statusCode,
    ).toBe(200);
  });

  it('answers 422 for a short new password and changes nothing', async () => {
    const { email, password } = await registerUser(app);
    await post('/reset-password/request', { email });
    const { token } = await latestMailTo(app, email);
    const response = await post('/reset-password/confirm', { token, new_password: 'short' });
    expect(response.statusCode).toBe(422);
    expect((await post('/login', { email, password })).statusCode).toBe(200);
  });
});

describe('update-password', () => {
  it('needs the current password when there is one', async () => {
    const { email, password, access_token } = await registerUser(app);
    const missing = await post(
      '/update-password',
      { old_password: null, new_password: 'next password' },
      bearer(access_token),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      detail: 'Current password is required',
      code: 'current_password_required',
    });
    const wrong = await post(
      '/update-password',
      { old_password: 'not it at all', new_password: 'next password' },
      bearer(access_token),
    );
    expect(wrong.json()).toEqual({ detail: 'Current password is incorrect', code: 'wrong_password' });

    const ok = await post(
      '/update-password',
      { old_password: password, new_password: 'next password' },
      bearer(access_token),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password updated successfully' });
    expect((await post('/login', { email, password: 'next password' })).statusCode).toBe(200);
    expect((await post('/login', { email, password })).statusCode).toBe(401);
  });

  it('answers 401 without a token and 422 for a short new password', async () => {
    const { access_token } = await registerUser(app);
    expect(
      (await post('/update-password', { old_password: null, new_password: 'next password' })).statusCode,
    ).toBe(401);
    const short = await post(
      '/update-password',
      { old_password: 'x', new_password: 'short' },
      bearer(access_token),
    );
    expect(short.statusCode).toBe(422);
  });
});
