// Plans with limits (docs/contract.md section 4): members (pending invitations included) and items are counted against
// the team's effective plan under the team's lock; over the limit POST /invite and POST /items/ answer 402 and change
// nothing. Run on PostgreSQL as well (DATABASE_URL): the races below are only meaningful there.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { invitations } from '../../db/schema/invitations.ts';
import { items } from '../../db/schema/items.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import {
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  latestMailTo,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { subscribeLocally } from '../../../test/local-billing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const MEMBERS_FULL = {
  detail: 'Your plan allows 3 members. Upgrade to add more.',
  code: 'plan_limit',
  params: { reason: 'members', count: 3 },
};
const ITEMS_FULL = {
  detail: 'Your plan allows 100 items. Upgrade to add more.',
  code: 'plan_limit',
  params: { reason: 'items', count: 100 },
};

async function freeTeam() {
  const owner = await registerUser(app);
  const { uuid } = await createTeam(app, owner, 'Limits Co');
  return { owner, uuid, token: owner.access_token };
}

const invite = (token: string, tenant: string, email = uniqueEmail()) =>
  app.inject({
    method: 'POST',
    url: '/api/invite',
    headers: inTenant(token, tenant),
    payload: { email, role: 'member' },
  });

const createItem = (token: string, tenant: string, name = 'An item') =>
  app.inject({ method: 'POST', url: '/api/items/', headers: inTenant(token, tenant), payload: { name } });

const usage = async (token: string, tenant: string) => {
  const response = await app.inject({ url: '/api/tenant/usage', headers: inTenant(token, tenant) });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    plan_id: string | null;
    members: { used: number; limit: number | null };
    items: { used: number; limit: number | null };
  };
};

const invitationRows = async (tenant: string) =>
  (await app.database.db.select({ n: count() }).from(invitations).where(eq(invitations.tenantId, tenant)))[0]!
    .n;

const mailsTo = async (email: string) =>
  (await app.database.db.select({ n: count() }).from(outbox).where(eq(outbox.to, email)))[0]!.n;

const itemRows = async (tenant: string) =>
  (await app.database.db.select({ n: count() }).from(items).where(eq(items.tenantId, tenant)))[0]!.n;

/** Straight into the table: the API would take a request per item. */
async function insertItems(tenant: string, createdBy: string, n: number) {
  await app.database.db
    .insert(items)
    .values(Array.from({ length: n }, (_, i) => ({ tenantId: tenant, createdBy, name: `Seeded ${i}` })));
}

const userUuid = async (token: string) =>
  (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json()
    .uuid as string;

describe('GET /payments/plans', () => {
  it('gives each plan its limits, null for unlimited, and lists no free plan', async () => {
    const { token } = await freeTeam();
    const response = await app.inject({
      url: '/api/payments/plans',
      headers: { authorization: `Bearer ${token}` },
    });
    const plans = response.json() as { id: string; limits: unknown }[];
    expect(plans.map(({ id, limits }) => ({ id, limits }))).toEqual([
      { id: 'starter', limits: { members: 5, items: 1000 } },
      { id: 'pro', limits: { members: 25, items: null } },
      { id: 'business', limits: { members: null, items: null } },
    ]);
  });
});

describe('members on the free plan', () => {
  it('counts the owner and pending invitations: the second invite takes the last seat, the third is refused', async () => {
    const { uuid, token } = await freeTeam();
    expect(await usage(token, uuid)).toEqual({
      plan_id: null,
      members: { used: 1, limit: 3 },
      items: { used: 0, limit: 100 },
    });
    expect((await invite(token, uuid)).statusCode).toBe(201);
    expect((await invite(token, uuid)).statusCode).toBe(201);
    expect((await usage(token, uuid)).members).toEqual({ used: 3, limit: 3 });

    const refusedEmail = uniqueEmail();
    const before = await invitationRows(uuid);
    const refused = await invite(token, uuid, refusedEmail);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual(MEMBERS_FULL);
    expect(await invitationRows(uuid)).toBe(before);
    expect(await mailsTo(refusedEmail)).toBe(0);
  });

  it('counts joined members the same as pending ones', async () => {
    const { uuid, token, owner } = await freeTeam();
    await joinTeam(app, owner, uuid, 'member');
    await joinTeam(app, owner, uuid, 'admin');
    expect((await usage(token, uuid)).members).toEqual({ used: 3, limit: 3 });
    expect((await invite(token, uuid)).json()).toEqual(MEMBERS_FULL);
  });

  it('lets a full team resend an invitation and accept one: neither takes a new seat', async () => {
    const { uuid, token } = await freeTeam();
    const email = uniqueEmail();
    await invite(token, uuid, email);
    await invite(token, uuid);
    const [pending] = (
      await app.inject({ url: '/api/invitations', headers: inTenant(token, uuid) })
    ).json() as { uuid: string; email: string }[];
    const resent = await app.inject({
      method: 'POST',
      url: `/api/invitations/${pending!.uuid}/resend`,
      headers: inTenant(token, uuid),
    });
    expect(resent.statusCode).toBe(204);
    const { token: link } = await latestMailTo(app, email);
    const accepted = await app.inject({ url: `/api/invitations/${link}/accept` });
    expect(accepted.statusCode).toBe(200);
    expect((await usage(token, uuid)).members).toEqual({ used: 3, limit: 3 });
  });

  it('frees the seat of a revoked invitation and of an expired one', async () => {
    const { uuid, token } = await freeTeam();
    const revokedEmail = uniqueEmail();
    const expiredEmail = uniqueEmail();
    await invite(token, uuid, revokedEmail);
    await invite(token, uuid, expiredEmail);
    expect((await invite(token, uuid)).statusCode).toBe(402);

    const list = (await app.inject({ url: '/api/invitations', headers: inTenant(token, uuid) })).json() as {
      uuid: string;
      email: string;
    }[];
    const revoked = list.find((row) => row.email === revokedEmail)!;
    await app.inject({
      method: 'DELETE',
      url: `/api/invitations/${revoked.uuid}`,
      headers: inTenant(token, uuid),
    });
    expect((await usage(token, uuid)).members.used).toBe(2);
    expect((await invite(token, uuid)).statusCode).toBe(201);
    expect((await invite(token, uuid)).statusCode).toBe(402);

    await app.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(invitations.tenantId, uuid), eq(invitations.email, expiredEmail)));
    expect((await usage(token, uuid)).members.used).toBe(2);
    expect((await invite(token, uuid)).statusCode).toBe(201);
  });

  it('gives the last seat to exactly one of two concurrent invitations', async () => {
    const { uuid, token } = await freeTeam();
    await invite(token, uuid);
    const answers = await Promise.all([invite(token, uuid), invite(token, uuid)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 402]);
    expect(await invitationRows(uuid)).toBe(2);
    expect((await usage(token, uuid)).members).toEqual({ used: 3, limit: 3 });
  });
});

describe('items on the free plan', () => {
  it('makes the 100th item and refuses the 101st, changing nothing', async () => {
    const { uuid, token } = await freeTeam();
    await insertItems(uuid, await userUuid(token), 99);
    expect((await createItem(token, uuid)).statusCode).toBe(201);
    expect((await usage(token, uuid)).items).toEqual({ used: 100, limit: 100 });
    const refused = await createItem(token, uuid, 'One too many');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual(ITEMS_FULL);
    expect(await itemRows(uuid)).toBe(100);
  });

  it('gives the last place to exactly one of two concurrent creates', async () => {
    const { uuid, token } = await freeTeam();
    await insertItems(uuid, await userUuid(token), 99);
    const answers = await Promise.all([createItem(token, uuid, 'A'), createItem(token, uuid, 'B')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 402]);
    expect(await itemRows(uuid)).toBe(100);
  });

  it('lets any member read the usage, but only with the team header', async () => {
    const { uuid, owner } = await freeTeam();
    const member = await joinTeam(app, owner, uuid, 'member');
    expect((await usage(member.access_token, uuid)).members.used).toBe(2);
    const outsider = await registerUser(app);
    const refused = await app.inject({
      url: '/api/tenant/usage',
      headers: inTenant(outsider.access_token, uuid),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('changing plan', () => {
  it('lifts the limits on upgrade', async () => {
    const { uuid, token, owner } = await freeTeam();
    await invite(token, uuid);
    await invite(token, uuid);
    await insertItems(uuid, await userUuid(token), 100);
    expect((await invite(token, uuid)).statusCode).toBe(402);
    expect((await createItem(token, uuid)).statusCode).toBe(402);

    await subscribeLocally(app, owner, uuid, 'starter');
    expect(await usage(token, uuid)).toEqual({
      plan_id: 'starter',
      members: { used: 3, limit: 5 },
      items: { used: 100, limit: 1000 },
    });
    expect((await invite(token, uuid)).statusCode).toBe(201);
    expect((await createItem(token, uuid)).statusCode).toBe(201);
  });

  it('keeps everything after a downgrade or a cancellation, but refuses new additions', async () => {
    const { uuid, token, owner } = await freeTeam();
    await subscribeLocally(app, owner, uuid, 'pro');
    for (let i = 0; i < 4; i++) expect((await invite(token, uuid)).statusCode).toBe(201);
    await insertItems(uuid, await userUuid(token), 1000);
    expect((await createItem(token, uuid)).statusCode).toBe(201);

    await app.database.db
      .update(subscriptions)
      .set({ planId: 'starter' })
      .where(eq(subscriptions.tenantId, uuid));
    expect(await usage(token, uuid)).toEqual({
      plan_id: 'starter',
      members: { used: 5, limit: 5 },
      items: { used: 1001, limit: 1000 },
    });
    expect((await invite(token, uuid)).json()).toEqual({
      detail: 'Your plan allows 5 members. Upgrade to add more.',
      code: 'plan_limit',
      params: { reason: 'members', count: 5 },
    });
    expect((await createItem(token, uuid)).json()).toEqual({
      detail: 'Your plan allows 1000 items. Upgrade to add more.',
      code: 'plan_limit',
      params: { reason: 'items', count: 1000 },
    });

    await app.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.tenantId, uuid));
    expect(await usage(token, uuid)).toEqual({
      plan_id: null,
      members: { used: 5, limit: 3 },
      items: { used: 1001, limit: 100 },
    });
    expect((await invite(token, uuid)).json()).toEqual(MEMBERS_FULL);
    expect((await createItem(token, uuid)).json()).toEqual(ITEMS_FULL);
    expect(await itemRows(uuid)).toBe(1001);
    const pending = (await app.inject({ url: '/api/invitations', headers: inTenant(token, uuid) })).json();
    expect(pending).toHaveLength(4);
  });

  it('counts a trialing subscription as paid and a past-due one as free', async () => {
    const { uuid, token, owner } = await freeTeam();
    await subscribeLocally(app, owner, uuid, 'pro');
    await app.database.db
      .update(subscriptions)
      .set({ status: 'trialing' })
      .where(eq(subscriptions.tenantId, uuid));
    expect((await usage(token, uuid)).plan_id).toBe('pro');
    await app.database.db
      .update(subscriptions)
      .set({ status: 'past_due' })
      .where(eq(subscriptions.tenantId, uuid));
    expect((await usage(token, uuid)).plan_id).toBeNull();
  });
});
