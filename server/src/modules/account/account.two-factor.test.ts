// Deleting an account with two-factor on (docs/contract.md section 4): its password and a current TOTP code or an unused
// recovery code confirm it, and wrong codes count against the same limit as at every other route that takes one.
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema/users.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  joinTeam,
  registerUser,
  TestClock,
  type TestApp,
  userWithTwoFactor,
} from '../../../test/helpers.ts';

const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock, limits: { wrongCodes: { max: 3, timeWindow: 15 * 60_000 } } });
});
afterAll(() => app.close());

const STEP_MS = 30_000;
/** The authenticator app. */
const codeNow = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, timestamp: clock.now().getTime() });
const post = (url: string, token: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const deleteAccount = (token: string, payload: object) =>
  app.inject({ method: 'DELETE', url: '/api/auth/me', headers: bearer(token), payload });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('DELETE /auth/me with two-factor on', () => {
  it('asks for the password and a current code, each refused alone', async () => {
    const user = await userWithTwoFactor(app, clock);
    const codeAlone = await deleteAccount(user.access_token, { code: codeNow(user.secret) });
    expect(codeAlone.json()).toEqual({
      detail: 'Current password is required',
      code: 'current_password_required',
    });
    const passwordAlone = await deleteAccount(user.access_token, { password: user.password });
    expect(passwordAlone.json()).toEqual({
      detail: 'Enter a code from your authenticator app to confirm',
      code: 'second_factor_required',
    });
    expect((await me(user.access_token)).statusCode).toBe(200);

    const response = await deleteAccount(user.access_token, {
      password: user.password,
      code: codeNow(user.secret),
    });
    expect(response.statusCode).toBe(204);
    expect((await me(user.access_token)).statusCode).toBe(401);
  });

  it('refuses a wrong code and keeps the account; a recovery code then confirms', async () => {
    const user = await userWithTwoFactor(app, clock);
    const wrong = await deleteAccount(user.access_token, { password: user.password, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Invalid code', code: 'second_factor_invalid' });
    expect((await me(user.access_token)).statusCode).toBe(200);

    const recovered = await deleteAccount(user.access_token, {
      password: user.password,
      code: user.recoveryCodes[0]!,
    });
    expect(recovered.statusCode).toBe(204);
  });

  it('counts wrong codes with those of the other routes, and stops guessing at the limit', async () => {
    const user = await userWithTwoFactor(app, clock);
    // Two wrong codes turning two-factor off, one here: the limit of three is reached.
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/auth/2fa/disable', user.access_token, { code: '000000' })).statusCode).toBe(
        400,
      );
    }
    const proof = (code: string) => ({ password: user.password, code });
    expect((await deleteAccount(user.access_token, proof('111111'))).statusCode).toBe(400);
    const limited = await deleteAccount(user.access_token, proof(codeNow(user.secret)));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'Too many wrong codes. Try again later.',
      code: 'rate_limited',
      params: { reason: 'wrong_codes' },
    });
    expect((await me(user.access_token)).statusCode).toBe(200);
  });

  it('counts a right code refused for another reason (a team with others) as no wrong code', async () => {
    const user = await userWithTwoFactor(app, clock);
    const team = await createTeam(app, user, 'Shared');
    await joinTeam(app, user, team.uuid, 'member');
    for (let i = 0; i < 4; i++) {
      const refused = await deleteAccount(user.access_token, {
        password: user.password,
        code: codeNow(user.secret),
      });
      expect(refused.json()).toEqual({
        detail: 'Transfer ownership or remove the other members of Shared before deleting your account',
        code: 'owner_of_shared_teams',
        params: { teams: 'Shared' },
      });
      clock.advance(STEP_MS);
    }
    expect((await me(user.access_token)).statusCode).toBe(200);
  });

  it('asks an account without a password for the code: its email, shown to any session, does not do', async () => {
    const user = await userWithTwoFactor(app, clock);
    await app.database.db.update(users).set({ passwordHash: null }).where(eq(users.email, user.email));
    const refused = await deleteAccount(user.access_token, { confirm_email: user.email });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Enter a code from your authenticator app to confirm',
      code: 'second_factor_required',
    });
    expect((await me(user.access_token)).statusCode).toBe(200);

    const confirmed = await deleteAccount(user.access_token, {
      confirm_email: user.email,
      code: codeNow(user.secret),
    });
    expect(confirmed.statusCode).toBe(204);
  });

  it('ignores a code when two-factor is off: the password is asked for', async () => {
    const user = await registerUser(app);
    const response = await deleteAccount(user.access_token, { code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Current password is required',
      code: 'current_password_required',
    });
  });
});
