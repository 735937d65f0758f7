// Changing the account's email (docs/contract.md section 4): a link to the new address, a notice to the old one; the
// link switches the address once, within 24 hours, and signs out every other session.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { users } from '../../db/schema/users.ts';
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

const ROOT_EMAIL = 'root-change@example.com';
const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock, config: testConfig({ SUPER_ADMIN_EMAILS: ROOT_EMAIL }) });
});
afterAll(() => app.close());

const HOUR = 60 * 60_000;

const changeEmail = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/auth/change-email', headers: bearer(token), payload });
const confirm = (token: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url: `/api/auth/confirm-email-change?token=${encodeURIComponent(token)}`,
    headers,
  });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const userRow = async (uuid: string) =>
  (await app.database.db.select().from(users).where(eq(users.uuid, uuid)))[0]!;
const uuidOf = async (token: string) => me(token).then((r) => r.json().uuid as string);

/** A registered user who asked to move to a fresh address; the link's token. */
async function requested() {
  const user = await registerUser(app);
  const newEmail = uniqueEmail();
  const response = await changeEmail(user.access_token, { new_email: newEmail, password: user.password });
  expect(response.statusCode).toBe(200);
  const { token } = await latestMailTo(app, newEmail);
  return { user, newEmail, token: token! };
}

describe('POST /auth/change-email', () => {
  it('mails the link to the new address and a notice naming it to the old one', async () => {
    const user = await registerUser(app);
    const newEmail = uniqueEmail();
    const response = await changeEmail(user.access_token, {
      new_email: `  ${newEmail.toUpperCase()} `,
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain(newEmail);

    const link = await latestMailTo(app, newEmail);
    expect(link.text).toContain(`http://localhost:3000/confirm-email-change?token=${link.token}`);
    const notice = await latestMailTo(app, user.email);
    expect(notice.subject).toBe('Your Tessera email is about to change');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('If it was not you');
    expect(notice.text).not.toContain(link.token!);
    // Nothing changes until the link is opened.
    expect((await me(user.access_token)).json().email).toBe(user.email);
  });

  it('refuses a wrong password, sends nothing and issues no link', async () => {
    const user = await registerUser(app);
    const newEmail = uniqueEmail();
    const response = await changeEmail(user.access_token, {
      new_email: newEmail,
      password: 'wrong password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Current password is incorrect', code: 'wrong_password' });
    await expect(latestMailTo(app, newEmail)).rejects.toThrow('no mail');
    const tokens = await app.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, await uuidOf(user.access_token)));
    expect(tokens.filter((t) => t.purpose === 'change_email')).toEqual([]);
  });

  it('refuses an address another account has', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const response = await changeEmail(user.access_token, {
      new_email: other.email.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Email already registered', code: 'email_taken' });
  });

  it('refuses the address the account already has', async () => {
    const user = await registerUser(app);
    const response = await changeEmail(user.access_token, { new_email: user.email, password: user.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'This is already your email address', code: 'same_email' });
  });

  it('asks an account without a password to set one first', async () => {
    const user = await registerUser(app);
    const uuid = await uuidOf(user.access_token);
    await app.database.db.update(users).set({ passwordHash: null }).where(eq(users.uuid, uuid));
    const response = await changeEmail(user.access_token, { new_email: uniqueEmail(), password: 'anything' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Set a password before changing your email',
      code: 'password_not_set',
    });
  });

  it('answers 422 {detail} for an address that is not one', async () => {
    const user = await registerUser(app);
    const response = await changeEmail(user.access_token, {
      new_email: 'not-an-email',
      password: user.password,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain('Please enter a valid email address');
  });

  it('needs a signed-in caller', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      payload: { new_email: uniqueEmail(), password: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /auth/confirm-email-change', () => {
  it('switches the address, verified: the old one no longer signs in, the new one does with the same password', async () => {
    const { user, newEmail, token } = await requested();
    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: `Your email is now ${newEmail}.`, email: newEmail });

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const signedIn = await login(newEmail, user.password);
    expect(signedIn.statusCode).toBe(200);
    const account = (await me(signedIn.json().access_token)).json();
    expect(account).toMatchObject({ email: newEmail, is_verified: true });
  });

  it('works once', async () => {
    const { token } = await requested();
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid or expired link', code: 'email_change_link_invalid' });
  });

  it('expires after 24 hours', async () => {
    const { user, token } = await requested();
    clock.advance(24 * HOUR);
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid or expired link', code: 'email_change_link_invalid' });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('still works just before the 24 hours are up', async () => {
    const { token } = await requested();
    clock.advance(24 * HOUR - 60_000);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('kills an older link when a newer one is requested', async () => {
    const { user, token: older } = await requested();
    const newest = uniqueEmail();
    await changeEmail(user.access_token, { new_email: newest, password: user.password });
    const { token: newer } = await latestMailTo(app, newest);

    expect((await confirm(older)).statusCode).toBe(400);
    const response = await confirm(newer!);
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(newest);
  });

  it('refuses an unknown token, and a token of another purpose', async () => {
    expect((await confirm('no-such-token')).json()).toEqual({
      detail: 'Invalid or expired link',
      code: 'email_change_link_invalid',
    });
    const email = uniqueEmail();
    await registerUser(app, email);
    const { token: verification } = await latestMailTo(app, email);
    const response = await confirm(verification!);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid or expired link', code: 'email_change_link_invalid' });
  });

  it('refuses an address registered since the request, and changes nothing', async () => {
    const { user, newEmail, token } = await requested();
    await registerUser(app, newEmail);
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Email already registered', code: 'email_taken' });
    expect((await me(user.access_token)).json().email).toBe(user.email);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it("signs out every other session and keeps the bearer's own", async () => {
    const { user, token } = await requested();
    const other = (await login(user.email, user.password)).json();
    const response = await confirm(token, bearer(user.access_token));
    expect(response.statusCode).toBe(200);

    expect((await me(user.access_token)).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: other.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('signs out every session when opened without a token, or with another user’s', async () => {
    const { user, token } = await requested();
    const stranger = await registerUser(app);
    expect((await confirm(token, bearer(stranger.access_token))).statusCode).toBe(200);
    expect((await me(user.access_token)).statusCode).toBe(401);
    expect((await me(stranger.access_token)).statusCode).toBe(200);

    const second = await requested();
    expect((await confirm(second.token, bearer('not-a-token'))).statusCode).toBe(200);
    expect((await me(second.user.access_token)).statusCode).toBe(401);
  });

  it('retires the reset links mailed to the old address', async () => {
    const { user, token } = await requested();
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/request',
      payload: { email: user.email },
    });
    const { token: reset } = await latestMailTo(app, user.email);
    expect((await confirm(token)).statusCode).toBe(200);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token: reset, new_password: 'another long password' },
    });
    expect(response.statusCode).toBe(400);
  });

  it("a super admin's address: the password and every session go, so only the mailbox's owner gets in", async () => {
    const user = await registerUser(app);
    await changeEmail(user.access_token, { new_email: ROOT_EMAIL, password: user.password });
    const { token } = await latestMailTo(app, ROOT_EMAIL);
    expect((await confirm(token!, bearer(user.access_token))).statusCode).toBe(200);

    expect((await me(user.access_token)).statusCode).toBe(401);
    expect((await login(ROOT_EMAIL, user.password)).statusCode).toBe(401);
    const row = (await app.database.db.select().from(users).where(eq(users.email, ROOT_EMAIL)))[0]!;
    expect(row.passwordHash).toBeNull();
  });

  it('is rate-limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (
        await app.inject({
          method: 'GET',
          url: '/api/auth/confirm-email-change?token=x',
          remoteAddress: '198.51.100.77',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('leaves the user row as it was for a refused link', async () => {
    const { user } = await requested();
    const uuid = await uuidOf(user.access_token);
    const before = await userRow(uuid);
    await confirm('no-such-token');
    expect(await userRow(uuid)).toEqual(before);
  });
});
