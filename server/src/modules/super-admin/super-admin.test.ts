// The super-admin area: only super admins (decided from the database now, not the token), every team and all
// feedback with their fields, newest first, searchable and paged.
import { randomUUID } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { subscriptions } from '../../db/schema/billing.ts';
import { users } from '../../db/schema/users.ts';
import { promoteSuperAdmin } from '../auth/account-status.service.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  latestMailTo,
  registerUser,
  registerVerifiedUser,
  testConfig,
  type TestApp,
} from '../../../test/helpers.ts';

const ROOT = 'root@example.com';
/** Listed too, but registered by someone who never opens its mailbox. */
const SQUATTED = 'squatted-root@example.com';
let app: TestApp;
let root: { access_token: string };

beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ SUPER_ADMIN_EMAILS: `${ROOT},${SQUATTED}` }) });
  root = await registerVerifiedUser(app, ROOT);
});
afterAll(() => app.close());

const get = (url: string, token = root.access_token) =>
  app.inject({ method: 'GET', url: `/api/super-admin${url}`, headers: bearer(token) });

describe('super-admin access', () => {
  it('answers 403 to a team owner and admin, 401 signed out', async () => {
    const owner = await registerUser(app);
    const { uuid } = await createTeam(app, owner);
    const admin = await joinTeam(app, owner, uuid, 'admin');
    for (const url of ['/tenants', `/tenants/${uuid}`, '/feedback']) {
      for (const token of [owner.access_token, admin.access_token]) {
        const response = await get(url, token);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({
          detail: 'Super admin access required',
          code: 'super_admin_required',
        });
      }
      expect((await app.inject({ method: 'GET', url: `/api/super-admin${url}` })).statusCode).toBe(401);
    }
  });

  it('follows the database flag, not the token’s claim', async () => {
    const promoted = await registerVerifiedUser(app);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(promoted.access_token),
    });
    const uuid = me.json().uuid as string;
    await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.uuid, uuid));
    expect((await get('/tenants', promoted.access_token)).statusCode).toBe(200);

    // A token minted while promoted still claims it; the demotion wins at once.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.json().email, password: 'correct horse battery' },
    });
    const token = login.json().access_token as string;
    await app.database.db.update(users).set({ isSuperAdmin: false }).where(eq(users.uuid, uuid));
    expect((await get('/tenants', token)).statusCode).toBe(403);
  });
});

describe('a listed email that is not verified', () => {
  // An attacker registers the listed address before its owner does: without the mailbox, nothing is granted.
  it('is no super admin: not in the token, not in /auth/me, 403 on every /super-admin route, until verified', async () => {
    const squatter = await registerUser(app, SQUATTED);
    expect(decodeJwt(squatter.access_token).is_super_admin).toBe(false);
    const before = await app.inject({ url: '/api/auth/me', headers: bearer(squatter.access_token) });
    expect(before.json()).toMatchObject({ is_verified: false, is_super_admin: false });
    for (const url of ['/tenants', '/feedback', `/tenants/${randomUUID()}`]) {
      expect((await get(url, squatter.access_token)).statusCode, url).toBe(403);
    }
    // A fresh sign-in changes nothing while the address is unproven.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: SQUATTED, password: squatter.password },
    });
    expect((await get('/tenants', login.json().access_token)).statusCode).toBe(403);

    // The mailed link proves the mailbox: from then on the listed address is a super admin.
    const { token } = await latestMailTo(app, SQUATTED);
    const verified = await app.inject({ url: `/api/auth/verify-email?token=${token}` });
    expect(decodeJwt(verified.json().access_token).is_super_admin).toBe(true);
    expect((await get('/tenants', verified.json().access_token)).statusCode).toBe(200);
    // The click proved the mailbox, not the password: whoever chose it before is out, with their sessions.
    const squatterAgain = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: SQUATTED, password: squatter.password },
    });
    expect(squatterAgain.statusCode).toBe(401);
    expect((await get('/tenants', login.json().access_token)).statusCode).toBe(401);
    const me = await app.inject({ url: '/api/auth/me', headers: bearer(verified.json().access_token) });
    expect(me.json()).toMatchObject({ is_super_admin: true, has_password: false });
  });

  it('cannot be promoted with the CLI command', async () => {
    const unverified = await registerUser(app);
    await expect(promoteSuperAdmin(app.database.db, unverified.email)).rejects.toThrow(
      'has not verified its email',
    );
    const me = await app.inject({ url: '/api/auth/me', headers: bearer(unverified.access_token) });
    expect(me.json().is_super_admin).toBe(false);
    const [row] = await app.database.db.select().from(users).where(eq(users.email, unverified.email));
    expect(row!.isSuperAdmin).toBe(false);
  });
});

describe('super-admin lists', () => {
  it('lists every team with its fields, newest first, searchable by name or member email, in pages', async () => {
    const owner = await registerUser(app);
    const first = await createTeam(app, owner, 'Zebra Works');
    const second = await createTeam(app, owner, 'Yak 100% Co');
    await joinTeam(app, owner, second.uuid, 'member');
    const now = new Date();
    await app.database.db.insert(subscriptions).values({
      tenantId: second.uuid,
      provider: 'local',
      planId: 'pro',
      interval: 'monthly',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });

    const all = (await get('/tenants')).json() as { uuid: string }[];
    expect(all.findIndex((t) => t.uuid === second.uuid)).toBeLessThan(
      all.findIndex((t) => t.uuid === first.uuid),
    );
    expect(all.find((t) => t.uuid === second.uuid)).toEqual({
      uuid: second.uuid,
      name: 'Yak 100% Co',
      description: null,
      created_at: expect.any(String),
      stripe_customer_id: null,
      user_count: 2,
      subscription_status: 'active',
      subscription_plan: 'pro',
    });
    expect(all.find((t) => t.uuid === first.uuid)).toMatchObject({
      user_count: 1,
      subscription_status: null,
    });

    const byName = (await get('/tenants?q=zebra')).json() as { uuid: string }[];
    expect(byName.map((t) => t.uuid)).toEqual([first.uuid]);
    // % is a literal in a search, not a wildcard.
    expect(((await get('/tenants?q=100%25')).json() as { uuid: string }[]).map((t) => t.uuid)).toEqual([
      second.uuid,
    ]);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(owner.access_token) });
    const byEmail = (await get(`/tenants?q=${encodeURIComponent(me.json().email)}`)).json() as {
      uuid: string;
    }[];
    expect(byEmail.map((t) => t.uuid).sort()).toEqual([first.uuid, second.uuid].sort());

    const page1 = await get('/tenants?limit=1');
    expect(page1.json()).toHaveLength(1);
    const cursor = page1.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const page2 = await get(`/tenants?limit=1&cursor=${cursor}`);
    expect(page2.json()[0].uuid).not.toBe(page1.json()[0].uuid);
  });

  it('shows one team’s details, users with role and verification, and its subscription', async () => {
    const owner = await registerUser(app);
    const { uuid } = await createTeam(app, owner, 'Detail Co');
    const member = await joinTeam(app, owner, uuid, 'member');
    const detail = await get(`/tenants/${uuid}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({ uuid, name: 'Detail Co', user_count: 2, subscription: null });
    expect(body.users).toEqual([
      expect.objectContaining({ role: 'owner', is_verified: false }),
      expect.objectContaining({ email: member.email, role: 'member', is_verified: true }),
    ]);

    expect((await get('/tenants/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/tenants/nope')).json()).toEqual({
      detail: 'Tenant not found',
      code: 'tenant_not_found',
    });
  });

  // The count and the subscription's status and plan are kept by triggers (migrations 0009 and 0010): every way in
  // and out of a team, and every change of its subscription, must move them.
  it('keeps user_count and the subscription fields equal to the truth through joins, removals, plan changes and a deleted team', async () => {
    const owner = await registerUser(app);
    const { uuid } = await createTeam(app, owner, 'Counted Co');
    const userCount = async () => (await get(`/tenants/${uuid}`)).json().user_count;
    const members = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/members', headers: inTenant(owner.access_token, uuid) })
      ).json().length;

    expect(await userCount()).toBe(1);
    const admin = await joinTeam(app, owner, uuid, 'admin');
    const member = await joinTeam(app, admin, uuid, 'member');
    expect(await userCount()).toBe(3);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/members',
      headers: inTenant(admin.access_token, uuid),
      payload: { user_uuid: member.user_uuid },
    });
    expect(removed.statusCode).toBe(204);
    expect(await userCount()).toBe(2);
    expect(await members()).toBe(2);
    const listed = (await get('/tenants?limit=100&q=Counted')).json();
    expect(listed).toEqual([expect.objectContaining({ uuid, user_count: 2, subscription_status: null })]);

    const listedSubscription = async () => {
      const [team] = (await get('/tenants?limit=100&q=Counted')).json();
      return [team.subscription_status, team.subscription_plan];
    };
    const now = new Date();
    await app.database.db.insert(subscriptions).values({
      tenantId: uuid,
      provider: 'local',
      planId: 'pro',
      interval: 'monthly',
      status: 'trialing',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });
    expect(await listedSubscription()).toEqual(['trialing', 'pro']);
    await app.database.db
      .update(subscriptions)
      .set({ status: 'past_due', planId: 'business' })
      .where(eq(subscriptions.tenantId, uuid));
    expect(await listedSubscription()).toEqual(['past_due', 'business']);
    await app.database.db.delete(subscriptions).where(eq(subscriptions.tenantId, uuid));
    expect(await listedSubscription()).toEqual([null, null]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/tenant',
      headers: inTenant(owner.access_token, uuid),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/tenants/${uuid}`)).statusCode).toBe(404);
    // Every team's count is its memberships', whatever the tests before this one did.
    const drift = await app.database.db.execute(
      sql`select tenants.uuid from tenants left join subscriptions on subscriptions.tenant_id = tenants.uuid
          where member_count <> (select count(*) from memberships m where m.tenant_id = tenants.uuid)
             or subscription_status is distinct from subscriptions.status::text
             or subscription_plan is distinct from subscriptions.plan_id`,
    );
    expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('lists all feedback with the author’s email, newest first, searchable', async () => {
    const author = await registerUser(app);
    const { uuid } = await createTeam(app, author, 'Feedback Co');
    for (const message of ['first', 'second']) {
      await app.inject({
        method: 'POST',
        url: '/api/feedback/',
        headers: inTenant(author.access_token, uuid),
        payload: { message, route: '/items' },
      });
    }
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(author.access_token) });
    const list = (await get(`/feedback?q=${encodeURIComponent(me.json().email)}`)).json();
    expect(list).toEqual([
      {
        uuid: expect.any(String),
        user_email: me.json().email,
        tenant_name: 'Feedback Co',
        route: '/items',
        message: 'second',
        created_at: expect.any(String),
      },
      expect.objectContaining({ message: 'first' }),
    ]);
    expect((await get('/feedback?q=no-such-author')).json()).toEqual([]);
  });
});
