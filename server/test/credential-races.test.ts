// What was proven before a credential event opens nothing after it (docs/decisions/019): a request that checked a
// password or a session before the owner re-secured the account, and commits after, is refused. Each request is held
// just before its transaction while the owner's password reset runs to completion, an order nothing prevents.
import { AsyncLocalStorage } from 'node:async_hooks';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../src/db/schema/users.ts';
import { totpCodeAt } from '../src/modules/auth/second-factor.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  latestMailTo,
  registerVerifiedUser,
  TestClock,
  type TestApp,
  uniqueEmail,
  userWithTwoFactor,
} from './helpers.ts';

const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock });
  // Holds the first transaction of a request run under `held`, until the test releases it.
  const db = app.database.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const transaction = db.transaction.bind(db);
  db.transaction = async (...args) => {
    const gate = held.getStore();
    if (gate && !gate.passed) {
      gate.passed = true;
      gate.reached();
      await gate.released;
    }
    return transaction(...args);
  };
});
afterAll(() => app.close());

type Gate = { passed: boolean; reached: () => void; released: Promise<void> };
const held = new AsyncLocalStorage<Gate>();

/** Starts `request`, waits until it is about to open its transaction, and answers a way to let it go on. */
async function holdAtTransaction<T>(request: () => Promise<T>) {
  let release!: () => void;
  let reached!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const response = held.run({ passed: false, reached, released }, request);
  await atGate;
  return async () => {
    release();
    return response;
  };
}

const post = (url: string, token: string | null, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload && { payload }),
  });

async function ownerResets(email: string) {
  await post('/auth/reset-password/request', null, { email });
  const { token } = await latestMailTo(app, email);
  const reset = await post('/auth/reset-password/confirm', null, {
    token,
    new_password: 'the owner chose this',
  });
  expect(reset.statusCode, reset.body).toBe(200);
}

describe('a request proven before a password reset and committed after it', () => {
  it('a sign-in with the old password opens no session', async () => {
    const user = await registerVerifiedUser(app);
    const finish = await holdAtTransaction(() =>
      post('/auth/login', null, { email: user.email, password: user.password }),
    );
    await ownerResets(user.email);
    expect((await finish()).statusCode).toBe(401);
  });

  it('a password change from a stolen session does not overwrite the reset', async () => {
    const user = await registerVerifiedUser(app);
    const finish = await holdAtTransaction(() =>
      post('/auth/update-password', user.access_token, {
        old_password: user.password,
        new_password: 'the thief chose this',
      }),
    );
    await ownerResets(user.email);
    expect((await finish()).statusCode).toBe(401);
    const thief = await post('/auth/login', null, { email: user.email, password: 'the thief chose this' });
    expect(thief.statusCode).toBe(401);
  });

  it('an email change from a stolen session mails no link that works', async () => {
    const user = await registerVerifiedUser(app);
    const thiefMailbox = uniqueEmail();
    const finish = await holdAtTransaction(() =>
      post('/auth/change-email', user.access_token, { new_email: thiefMailbox, password: user.password }),
    );
    await ownerResets(user.email);
    expect((await finish()).statusCode).toBe(401);
    await expect(latestMailTo(app, thiefMailbox)).rejects.toThrow('no mail');
  });

  it('a stolen session cannot turn on two-factor with its own authenticator', async () => {
    const user = await registerVerifiedUser(app);
    const { secret } = (await post('/auth/2fa/setup', user.access_token)).json();
    const finish = await holdAtTransaction(() =>
      post('/auth/2fa/enable', user.access_token, { code: totpCodeAt(secret, clock.now()) }),
    );
    await ownerResets(user.email);
    expect((await finish()).statusCode).toBe(401);
    const [account] = await app.database.db.select().from(users).where(eq(users.email, user.email));
    expect(account!.totpEnabled).toBe(false);
  });
});

describe('a key or endpoint made from a stolen session, held until after the reset (issue 38)', () => {
  it.each([
    ['an API key', '/api-keys', { name: 'Not suspicious', scopes: ['items:read'] }],
    ['a webhook endpoint', '/webhooks', { url: 'http://127.0.0.1:9/thief', events: ['item.created'] }],
  ])('%s is refused, and none is left behind', async (_kind, url, payload) => {
    const user = await registerVerifiedUser(app);
    const team = (await createTeam(app, user)).uuid;
    const headers = { ...bearer(user.access_token), 'x-tenant-uuid': team };
    const finish = await holdAtTransaction(() =>
      app.inject({ method: 'POST', url: `/api${url}`, headers, payload }),
    );
    await ownerResets(user.email);
    expect((await finish()).statusCode).toBe(401);
    const owner = await post('/auth/login', null, { email: user.email, password: 'the owner chose this' });
    const listed = await app.inject({
      url: `/api${url}`,
      headers: { ...bearer(owner.json().access_token), 'x-tenant-uuid': team },
    });
    expect(listed.json()).toEqual([]);
  });
});

describe('an invitation sent by a squatter, held until after the owner reclaims the address (review of issue 38)', () => {
  it('is refused, and none is left to let the accomplice in', async () => {
    const email = uniqueEmail();
    const squatter = (
      await post('/auth/register', null, { email, password: 'the squatter chose this' })
    ).json();
    const team = (await createTeam(app, squatter)).uuid;
    const accomplice = uniqueEmail();
    const headers = { ...bearer(squatter.access_token), 'x-tenant-uuid': team };
    const finish = await holdAtTransaction(() =>
      app.inject({
        method: 'POST',
        url: '/api/invite',
        headers,
        payload: { email: accomplice, role: 'admin' },
      }),
    );
    // The owner of the mailbox accepts an invitation of a team of someone else's: the account is theirs now.
    const inviter = await registerVerifiedUser(app);
    const theirs = (await createTeam(app, inviter, 'Real work')).uuid;
    const invited = await app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: { ...bearer(inviter.access_token), 'x-tenant-uuid': theirs },
      payload: { email, role: 'member' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { token } = await latestMailTo(app, email);
    expect((await app.inject({ url: `/api/invitations/${token}/accept` })).statusCode).toBe(200);

    expect((await finish()).statusCode).toBe(401);
    await expect(latestMailTo(app, accomplice)).rejects.toThrow('no mail');
  });
});

describe('a change proven before a password reset and committed after it (review)', () => {
  it("a stolen session's 2fa/disable leaves two-factor on", async () => {
    const user = await userWithTwoFactor(app, clock);
    const finish = await holdAtTransaction(() =>
      post('/auth/2fa/disable', user.access_token, { code: user.recoveryCodes[0] }),
    );
    await ownerResets(user.email);
    expect((await finish()).statusCode).toBe(401);
    const [account] = await app.database.db.select().from(users).where(eq(users.email, user.email));
    expect(account!.totpEnabled).toBe(true);
  });

  it("a stolen session's revoke-others does not sign out the owner after the reset", async () => {
    const user = await registerVerifiedUser(app);
    const finish = await holdAtTransaction(() => post('/auth/sessions/revoke-others', user.access_token));
    await ownerResets(user.email);
    const owner = await post('/auth/login', null, { email: user.email, password: 'the owner chose this' });
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await finish()).statusCode).toBe(401);
    const refreshed = await post('/auth/refresh', null, { refresh_token: owner.json().refresh_token });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it("a stolen session's DELETE /auth/me deletes nothing", async () => {
    const user = await registerVerifiedUser(app);
    const team = await createTeam(app, user, 'Kept');
    const finish = await holdAtTransaction(() =>
      app.inject({
        method: 'DELETE',
        url: '/api/auth/me',
        headers: bearer(user.access_token),
        payload: { password: user.password },
      }),
    );
    await ownerResets(user.email);
    expect((await finish()).statusCode).toBe(401);
    const [account] = await app.database.db.select().from(users).where(eq(users.email, user.email));
    expect(account).toBeDefined();
    const owner = await post('/auth/login', null, { email: user.email, password: 'the owner chose this' });
    const teams = await app.inject({
      method: 'GET',
      url: '/api/tenants',
      headers: bearer(owner.json().access_token),
    });
    expect((teams.json() as { uuid: string }[]).map((t) => t.uuid)).toContain(team.uuid);
  });
});

describe('an operator re-securing their account', () => {
  it('ends the views as other accounts that their sessions opened', async () => {
    const operator = await registerVerifiedUser(app);
    await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, operator.email));
    const target = await registerVerifiedUser(app);
    const [targetRow] = await app.database.db.select().from(users).where(eq(users.email, target.email));
    const view = await post(`/super-admin/users/${targetRow!.uuid}/impersonate`, operator.access_token);
    expect(view.statusCode, view.body).toBe(200);
    await ownerResets(operator.email);
    const refreshed = await post('/auth/refresh', null, { refresh_token: view.json().refresh_token });
    expect(refreshed.statusCode).toBe(401);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(view.json().access_token),
    });
    expect(me.statusCode).toBe(401);
  });
});
