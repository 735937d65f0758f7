// Proving you hold the account before changing it (docs/contract.md section 4, Credential lifecycle): a first password
// needs a recent sign-in; with two-factor on, a password change, an email change and a deletion need a code; wrong
// current passwords count against the account's failed sign-ins; each added or changed way in mails a notice; and two
// second steps racing on one mfa_token spend one code.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outbox } from '../../db/schema/outbox.ts';
import { recoveryCodes } from '../../db/schema/recovery-codes.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  latestMailTo,
  mailedInvitation,
  registerVerifiedUser,
  TestClock,
  type TestApp,
  uniqueEmail,
  userWithTwoFactor,
} from '../../../test/helpers.ts';
import { totpCodeAt } from './second-factor.ts';

const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock, limits: { failedLogins: { max: 3, timeWindow: 15 * 60_000 } } });
});
afterAll(() => app.close());

const STEP_MS = 30_000;
const SIGN_IN_AGAIN = {
  detail: 'For your security, sign in again to continue: this needs a sign-in from the last 15 minutes.',
  code: 'recent_sign_in_required',
};
const CODE_REQUIRED = {
  detail: 'Enter a code from your authenticator app to confirm',
  code: 'second_factor_required',
};
const post = (url: string, token: string | null, payload?: object) =>
  app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const nextCode = (secret: string) => {
  clock.advance(STEP_MS);
  return totpCodeAt(secret, clock.now());
};
const subjectsTo = async (to: string) =>
  (await app.database.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, to))).map(
    (mail) => mail.subject,
  );

/** An account without a password, as an invitation makes one, and its session. */
async function invitedAccount() {
  const owner = await registerVerifiedUser(app);
  const team = await createTeam(app, owner);
  const email = uniqueEmail();
  const token = await mailedInvitation(app, owner, team.uuid, email);
  const accepted = await app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { email, ...(accepted.json() as { access_token: string; refresh_token: string }) };
}

describe('a first password', () => {
  it('needs a sign-in of the last 15 minutes: a session kept alive by refreshing cannot set one', async () => {
    const invited = await invitedAccount();
    clock.advance(16 * 60_000);
    const refreshed = await post('/api/auth/refresh', null, { refresh_token: invited.refresh_token });
    const stale = refreshed.json().access_token as string;
    const refused = await post('/api/auth/update-password', stale, {
      old_password: null,
      new_password: 'the thief chose this',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SIGN_IN_AGAIN);
    const [account] = await app.database.db.select().from(users).where(eq(users.email, invited.email));
    expect(account!.passwordHash).toBeNull();
  });

  it('is set from a recent sign-in', async () => {
    const invited = await invitedAccount();
    const set = await post('/api/auth/update-password', invited.access_token, {
      old_password: null,
      new_password: 'my own passphrase',
    });
    expect(set.statusCode, set.body).toBe(200);
  });
});

describe('signing out the other sessions', () => {
  it("needs a sign-in of the last 15 minutes: a stolen session cannot keep killing the owner's reset links", async () => {
    const owner = await registerVerifiedUser(app, uniqueEmail());
    const thief = (
      await post('/api/auth/login', null, { email: owner.email, password: owner.password })
    ).json();
    clock.advance(16 * 60_000);
    const refreshed = await post('/api/auth/refresh', null, { refresh_token: thief.refresh_token });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await post('/api/auth/reset-password/request', null, { email: owner.email })).toHaveProperty(
      'statusCode',
      200,
    );
    const { token } = await latestMailTo(app, owner.email);

    const refused = await post('/api/auth/sessions/revoke-others', refreshed.json().access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SIGN_IN_AGAIN);
    const reset = await post('/api/auth/reset-password/confirm', null, { token, new_password: 'mine again' });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('is done from a recent sign-in', async () => {
    const owner = await registerVerifiedUser(app, uniqueEmail());
    const other = (
      await post('/api/auth/login', null, { email: owner.email, password: owner.password })
    ).json();
    clock.advance(16 * 60_000);
    const fresh = (
      await post('/api/auth/login', null, { email: owner.email, password: owner.password })
    ).json();
    expect(await post('/api/auth/sessions/revoke-others', fresh.access_token)).toHaveProperty(
      'statusCode',
      204,
    );
    const ended = await post('/api/auth/refresh', null, { refresh_token: other.refresh_token });
    expect(ended.statusCode).toBe(401);
  });
});

describe('with two-factor on', () => {
  it('a password change needs a code, and a wrong one changes nothing', async () => {
    const user = await userWithTwoFactor(app, clock);
    const body = { old_password: user.password, new_password: 'a brand new passphrase' };
    const missing = await post('/api/auth/update-password', user.access_token, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(CODE_REQUIRED);
    const wrong = await post('/api/auth/update-password', user.access_token, { ...body, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Invalid code', code: 'second_factor_invalid' });
    const login = await post('/api/auth/login', null, { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);

    const changed = await post('/api/auth/update-password', user.access_token, {
      ...body,
      code: nextCode(user.secret),
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('an email change needs a code, and mails no link without one', async () => {
    const user = await userWithTwoFactor(app, clock);
    const newEmail = uniqueEmail();
    const body = { new_email: newEmail, password: user.password };
    const missing = await post('/api/auth/change-email', user.access_token, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(CODE_REQUIRED);
    expect(await subjectsTo(newEmail)).toEqual([]);

    const asked = await post('/api/auth/change-email', user.access_token, {
      ...body,
      code: nextCode(user.secret),
    });
    expect(asked.statusCode, asked.body).toBe(200);
  });

  it('a wrong password spends no code: a recovery code sent with it stays usable', async () => {
    const user = await userWithTwoFactor(app, clock);
    const refused = await post('/api/auth/update-password', user.access_token, {
      old_password: 'not my password',
      new_password: 'a brand new passphrase',
      code: user.recoveryCodes[0],
    });
    expect(refused.json()).toEqual({ detail: 'Current password is incorrect', code: 'wrong_password' });
    const unused = await app.database.db
      .select()
      .from(recoveryCodes)
      .where(isNull(recoveryCodes.usedAt))
      .innerJoin(users, and(eq(users.uuid, recoveryCodes.userId), eq(users.email, user.email)));
    expect(unused).toHaveLength(10);
  });
});

describe('wrong current passwords', () => {
  it.each([
    [
      'update-password',
      (password: string) => ({ old_password: password, new_password: 'a brand new passphrase' }),
    ],
    ['change-email', (password: string) => ({ new_email: uniqueEmail(), password })],
  ])(
    'at %s count with failed sign-ins, then 429 with Retry-After even for the right one',
    async (route, body) => {
      const user = await registerVerifiedUser(app);
      // One failed sign-in and two wrong passwords here: the limit of three is reached.
      await post('/api/auth/login', null, { email: user.email, password: 'wrong guess' });
      for (let i = 0; i < 2; i++) {
        const wrong = await post(`/api/auth/${route}`, user.access_token, body(`wrong guess ${i}`));
        expect(wrong.json()).toEqual({ detail: 'Current password is incorrect', code: 'wrong_password' });
      }
      const limited = await post(`/api/auth/${route}`, user.access_token, body(user.password));
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(
        (await post('/api/auth/login', null, { email: user.email, password: user.password })).statusCode,
      ).toBe(429);
    },
  );

  it('at account deletion count too', async () => {
    const user = await registerVerifiedUser(app);
    for (let i = 0; i < 3; i++) {
      const wrong = await app.inject({
        method: 'DELETE',
        url: '/api/auth/me',
        headers: bearer(user.access_token),
        payload: { password: `wrong guess ${i}` },
      });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: bearer(user.access_token),
      payload: { password: user.password },
    });
    expect(limited.statusCode).toBe(429);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.access_token) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('notices', () => {
  it('mail the address when two-factor goes on and off and when the password changes', async () => {
    const user = await userWithTwoFactor(app, clock);
    await post('/api/auth/update-password', user.access_token, {
      old_password: user.password,
      new_password: 'a brand new passphrase',
      code: nextCode(user.secret),
    });
    await post('/api/auth/2fa/disable', user.access_token, { code: nextCode(user.secret) });
    expect(await subjectsTo(user.email)).toEqual(
      expect.arrayContaining([
        'Two-factor authentication was turned on for your Tessera account',
        'The password of your Tessera account was changed',
        'Two-factor authentication was turned off for your Tessera account',
      ]),
    );
  });
});

describe('two second steps racing on one mfa_token', () => {
  it('sign in once; the other spends no code', async () => {
    const user = await userWithTwoFactor(app, clock);
    const { mfa_token } = (
      await post('/api/auth/login', null, { email: user.email, password: user.password })
    ).json();
    const [first, second] = [user.recoveryCodes[0]!, user.recoveryCodes[1]!];
    const answers = await Promise.all(
      [first, second].map((code) => post('/api/auth/2fa/verify', null, { mfa_token, code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const used = await app.database.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .innerJoin(users, eq(users.uuid, recoveryCodes.userId))
      .where(and(eq(users.email, user.email), isNull(recoveryCodes.usedAt)));
    // One of the two codes was spent, by the step that signed in; the loser's stays.
    expect(used).toHaveLength(9);
  });
});
