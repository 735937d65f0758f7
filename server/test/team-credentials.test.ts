// What an account makes for a team dies with the authority that made it (docs/contract.md section 4, Credential
// lifecycle: "API keys, webhook endpoints and pending invitations are credentials too"). Each test is a takeover an
// independent review reproduced through the API; credential-lifecycle.test.ts holds the whole table.
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiKeys } from '../src/db/schema/api-keys.ts';
import { plans } from '../src/db/schema/billing.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { users } from '../src/db/schema/users.ts';
import { webhookEndpoints } from '../src/db/schema/webhooks.ts';
import { startGoogleStandIn } from './google-stand-in.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  latestMailTo,
  mailedInvitation,
  registerUser,
  registerVerifiedUser,
  testConfig,
  type TestApp,
  uniqueEmail,
} from './helpers.ts';
import { startReceiver } from './webhook-receiver.ts';

// The real time: deliveries are due from the database's now(), which the worker's clock must not fall behind.
const clock = { now: () => new Date() };
let app: TestApp;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  google = await startGoogleStandIn(clock);
  receiver = await startReceiver();
  // No background rounds: each test sends what is due with drain().
  app = await buildTestApp({ clock, config: testConfig({ PROCESS_ROLE: 'web', ...google.config }) });
  await app.database.db.update(plans).set({ memberLimit: null, itemLimit: null }).where(eq(plans.id, 'free'));
});
afterAll(async () => {
  await app?.close();
  await google?.close();
  await receiver?.close();
});

type Session = { access_token: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (as: Session, team: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: inTenant(as.access_token, team), payload });
const withKey = (key: string, url = '/items/') =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(key) });
const post = (url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url: `/api${url}`, headers: token ? bearer(token) : {}, payload });

async function makeKey(as: Session, team: string, name = 'Deploy bot') {
  const response = await call(as, team, 'POST', '/api-keys', { name, scopes: ['items:read'] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; key: string };
}

async function makeEndpoint(as: Session, team: string, path: string) {
  const url = `${receiver.url}${path}`;
  const response = await call(as, team, 'POST', '/webhooks', { url, events: ['item.created'] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

const deliveriesTo = (path: string) => receiver.received.filter((request) => request.path === path);

/** Adds an item as `as`, then sends every delivery due: what an endpoint of the team is sent of it. */
async function addItem(as: Session, team: string, name: string) {
  expect((await call(as, team, 'POST', '/items/', { name })).statusCode).toBe(201);
  await app.webhooks.drain();
}

const activity = async (as: Session, team: string) =>
  (await call(as, team, 'GET', '/activity')).json() as { action: string; target: string }[];

describe('a squatter who registered someone else’s address', () => {
  it('cannot make a key or an endpoint, and the reclaim deletes the invitation they sent', async () => {
    const email = uniqueEmail();
    const squatter = await registerUser(app, email);
    const team = (await createTeam(app, squatter, 'Squat')).uuid;

    const key = await call(squatter, team, 'POST', '/api-keys', { name: 'k', scopes: ['items:read'] });
    expect(key.statusCode).toBe(403);
    expect(key.json()).toEqual({
      detail: 'Verify your email address to create API keys',
      code: 'email_unverified',
      params: { reason: 'api_keys' },
    });
    const endpoint = await call(squatter, team, 'POST', '/webhooks', {
      url: `${receiver.url}/squat`,
      events: ['item.created'],
    });
    expect(endpoint.statusCode).toBe(403);
    expect(endpoint.json()).toEqual({
      detail: 'Verify your email address to create webhook endpoints',
      code: 'email_unverified',
      params: { reason: 'webhook_endpoints' },
    });
    const accomplice = uniqueEmail();
    const invitation = await mailedInvitation(app, squatter, team, accomplice, 'admin');

    // The owner of the mailbox signs in with Google: the account is theirs now.
    const owner = await post('/auth/google-login', { credential: await google.idToken(email) });
    expect(owner.statusCode, owner.body).toBe(200);

    expect(
      (await app.inject({ method: 'GET', url: `/api/invitations/${invitation}/accept` })).statusCode,
    ).toBe(400);
    const keys = await app.database.db.select().from(apiKeys).where(eq(apiKeys.tenantId, team));
    const endpoints = await app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.tenantId, team));
    expect([keys, endpoints]).toEqual([[], []]);
    const log = await activity(owner.json(), team);
    expect(log).toContainEqual(
      expect.objectContaining({ action: 'invitation.revoked', target: `${accomplice} (address reclaimed)` }),
    );
  });

  it('loses, at the reclaim, the key and endpoint an unverified account made before keys needed a verified address', async () => {
    const email = uniqueEmail();
    const squatter = await registerVerifiedUser(app, email);
    const team = (await createTeam(app, squatter, 'Legacy')).uuid;
    const key = await makeKey(squatter, team);
    await makeEndpoint(squatter, team, '/legacy');
    // As a row from before this release: made by an account that never proved the address.
    await app.database.db.update(users).set({ isVerified: false }).where(eq(users.email, email));

    const owner = await post('/auth/google-login', { credential: await google.idToken(email) });
    expect(owner.statusCode, owner.body).toBe(200);

    expect((await withKey(key.key)).statusCode).toBe(401);
    await addItem(owner.json(), team, 'The owner’s first item');
    expect(deliveriesTo('/legacy')).toEqual([]);
    expect((await call(owner.json(), team, 'GET', '/webhooks')).json()).toEqual([]);
  });
});

describe('a thief who knows the password and made a key', () => {
  async function thiefsKey() {
    const holder = await registerVerifiedUser(app);
    const team = (await createTeam(app, holder, 'Holder’s team')).uuid;
    const thief = (await post('/auth/login', { email: holder.email, password: holder.password })).json();
    const key = await makeKey(thief, team, 'Not suspicious');
    expect((await withKey(key.key)).statusCode).toBe(200);
    return { holder, team, key };
  }

  it.each([
    [
      'the holder resets the password',
      async ({ holder }: Awaited<ReturnType<typeof thiefsKey>>) => {
        await post('/auth/reset-password/request', { email: holder.email });
        const { token } = await latestMailTo(app, holder.email);
        const reset = await post('/auth/reset-password/confirm', { token, new_password: 'a new passphrase' });
        expect(reset.statusCode).toBe(200);
        return 'password reset';
      },
    ],
    [
      'the holder changes the password',
      async ({ holder }: Awaited<ReturnType<typeof thiefsKey>>) => {
        const payload = { old_password: holder.password, new_password: 'a new passphrase' };
        expect((await post('/auth/update-password', payload, holder.access_token)).statusCode).toBe(200);
        return 'password changed';
      },
    ],
    [
      'the holder signs out the other sessions',
      async ({ holder }: Awaited<ReturnType<typeof thiefsKey>>) => {
        expect((await post('/auth/sessions/revoke-others', {}, holder.access_token)).statusCode).toBe(204);
        return 'other sessions ended';
      },
    ],
  ])('loses it when %s, and the holder is told which', async (_event, resecure) => {
    const taken = await thiefsKey();
    const cause = await resecure(taken);

    expect((await withKey(taken.key.key)).statusCode).toBe(401);
    const [notice] = await app.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.to, taken.holder.email),
          eq(outbox.subject, 'API keys you made on Tessera were revoked'),
        ),
      );
    expect(notice?.text).toContain('"Not suspicious" (Holder’s team)');
    const session = (
      await post('/auth/login', {
        email: taken.holder.email,
        password: cause === 'other sessions ended' ? taken.holder.password : 'a new passphrase',
      })
    ).json();
    expect(await activity(session, taken.team)).toContainEqual(
      expect.objectContaining({ action: 'apikey.revoked', target: `Not suspicious (${cause})` }),
    );
  });
});

describe('a suspended account', () => {
  it('loses its keys, and gets none back when the suspension is lifted', async () => {
    const operator = await registerVerifiedUser(app);
    await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, operator.email));
    const suspended = await registerVerifiedUser(app);
    const team = (await createTeam(app, suspended)).uuid;
    const key = await makeKey(suspended, team);
    const uuid = decodeJwt(suspended.access_token).sub!;

    const suspend = await post(`/super-admin/users/${uuid}/suspend`, {}, operator.access_token);
    expect(suspend.statusCode, suspend.body).toBe(204);
    expect((await withKey(key.key)).statusCode).toBe(401);
    await post(`/super-admin/users/${uuid}/unsuspend`, {}, operator.access_token);
    expect((await withKey(key.key)).statusCode).toBe(401);
  });
});

describe('an admin who is removed from the team', () => {
  it('stops receiving its data through the endpoint they added, until a current admin switches it on and owns it', async () => {
    const owner = await registerVerifiedUser(app);
    const team = (await createTeam(app, owner)).uuid;
    const admin = await joinTeam(app, owner, team, 'admin');
    const endpoint = await makeEndpoint(admin, team, '/leaver');
    await addItem(owner, team, 'Before');
    expect(deliveriesTo('/leaver')).toHaveLength(1);

    expect((await call(owner, team, 'DELETE', '/members', { user_uuid: admin.user_uuid })).statusCode).toBe(
      204,
    );
    await addItem(owner, team, 'After');
    expect(deliveriesTo('/leaver')).toHaveLength(1);
    const [listed] = (await call(owner, team, 'GET', '/webhooks')).json();
    expect(listed).toMatchObject({
      id: endpoint.id,
      enabled: false,
      disabled_reason: 'maker_left',
      created_by_email: admin.email,
    });
    expect(await activity(owner, team)).toContainEqual(
      expect.objectContaining({
        action: 'webhook.disabled',
        target: `${receiver.url}/leaver (admin role lost)`,
      }),
    );

    const enabled = await call(owner, team, 'PATCH', `/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.json()).toMatchObject({
      enabled: true,
      disabled_reason: null,
      created_by_email: owner.email,
    });
    await addItem(owner, team, 'Switched on again');
    // Nothing of the change made while it was off: it was never queued for it.
    expect(deliveriesTo('/leaver').map((request) => JSON.parse(request.body).data.name)).toEqual([
      'Before',
      'Switched on again',
    ]);
  });

  it('stops receiving through another admin’s endpoint they pointed at their own server', async () => {
    const owner = await registerVerifiedUser(app);
    const team = (await createTeam(app, owner)).uuid;
    const endpoint = await makeEndpoint(owner, team, '/owners');
    const admin = await joinTeam(app, owner, team, 'admin');
    const moved = await call(admin, team, 'PATCH', `/webhooks/${endpoint.id}`, {
      url: `${receiver.url}/moved`,
    });
    expect(moved.json()).toMatchObject({ created_by_email: admin.email });

    await call(owner, team, 'PATCH', '/members/role', { user_uuid: admin.user_uuid, new_role: 'member' });
    await addItem(owner, team, 'After the demotion');
    expect(deliveriesTo('/moved')).toEqual([]);
    expect((await call(owner, team, 'GET', '/webhooks')).json()[0]).toMatchObject({
      enabled: false,
      disabled_reason: 'maker_left',
    });
  });

  it('takes over an endpoint only by another URL or switching it on from off, never by a change that moves neither', async () => {
    const owner = await registerVerifiedUser(app);
    const team = (await createTeam(app, owner)).uuid;
    const endpoint = await makeEndpoint(owner, team, '/kept');
    const admin = await joinTeam(app, owner, team, 'admin');
    for (const body of [
      { enabled: true },
      { url: `${receiver.url}/kept` },
      { events: ['item.created', 'item.deleted'] },
    ]) {
      const patched = await call(admin, team, 'PATCH', `/webhooks/${endpoint.id}`, body);
      expect(patched.json(), JSON.stringify(body)).toMatchObject({ created_by_email: owner.email });
    }
    await call(owner, team, 'DELETE', '/members', { user_uuid: admin.user_uuid });
    expect((await call(owner, team, 'GET', '/webhooks')).json()[0]).toMatchObject({ enabled: true });
  });

  it('keeps saying why the app switched an endpoint off when it is switched off by hand again', async () => {
    const owner = await registerVerifiedUser(app);
    const team = (await createTeam(app, owner)).uuid;
    const admin = await joinTeam(app, owner, team, 'admin');
    const endpoint = await makeEndpoint(admin, team, '/reason');
    await call(owner, team, 'DELETE', '/members', { user_uuid: admin.user_uuid });
    const off = await call(owner, team, 'PATCH', `/webhooks/${endpoint.id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, disabled_reason: 'maker_left' });
  });

  it('leaves alone what other admins made, and a manual switch-off says no reason', async () => {
    const owner = await registerVerifiedUser(app);
    const team = (await createTeam(app, owner)).uuid;
    const stays = await makeEndpoint(owner, team, '/stays');
    const ownersKey = await makeKey(owner, team);
    const admin = await joinTeam(app, owner, team, 'admin');
    const off = await call(admin, team, 'PATCH', `/webhooks/${stays.id}`, { enabled: false });
    expect(off.json()).toMatchObject({
      enabled: false,
      disabled_reason: null,
      created_by_email: owner.email,
    });
    await call(admin, team, 'PATCH', `/webhooks/${stays.id}`, { enabled: true });

    await call(owner, team, 'DELETE', '/members', { user_uuid: admin.user_uuid });
    // The admin switched it on, so it was theirs to answer for: it goes with them.
    expect((await call(owner, team, 'GET', '/webhooks')).json()[0]).toMatchObject({ enabled: false });
    expect((await withKey(ownersKey.key)).statusCode).toBe(200);
  });
});

describe('a demotion racing the making of an endpoint', () => {
  it('leaves no endpoint of the demoted admin switched on', async () => {
    const owner = await registerVerifiedUser(app);
    const team = (await createTeam(app, owner)).uuid;
    for (let round = 0; round < 5; round++) {
      const admin = await joinTeam(app, owner, team, 'admin');
      const [made] = await Promise.all([
        call(admin, team, 'POST', '/webhooks', { url: `${receiver.url}/race`, events: ['item.created'] }),
        call(owner, team, 'PATCH', '/members/role', { user_uuid: admin.user_uuid, new_role: 'member' }),
      ]);
      expect([201, 403]).toContain(made.statusCode);
      const live = await app.database.db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.tenantId, team), eq(webhookEndpoints.enabled, true)));
      expect(live).toEqual([]);
    }
  });
});

describe('the verification link, mailed again', () => {
  it('is mailed to an unverified account on request, verifies it, and then keys can be made', async () => {
    const user = await registerUser(app);
    const team = (await createTeam(app, user)).uuid;
    const first = await latestMailTo(app, user.email);
    const resent = await post('/auth/verify-email/resend', {}, user.access_token);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ message: 'Verification email sent' });
    const { token, id } = await latestMailTo(app, user.email);
    expect(id).not.toBe(first.id);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode,
    ).toBe(200);
    expect((await post('/auth/verify-email/resend', {}, user.access_token)).json()).toMatchObject({
      detail: 'Your email is already verified',
    });
    await makeKey(user, team);
  });

  it('is mailed at most 5 times an hour to one account', async () => {
    const user = await registerUser(app);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await post('/auth/verify-email/resend', {}, user.access_token)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
