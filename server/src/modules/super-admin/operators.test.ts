// The operators' read side (docs/contract.md section 4, Operators): the business's figures, every account searchable
// and paged, one account with its teams, and the audit list of what operators did.
import { randomUUID } from 'node:crypto';

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { plans, subscriptions } from '../../db/schema/billing.ts';
import { operatorAudit } from '../../db/schema/operator-audit.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  joinTeam,
  latestMailTo,
  mailedInvitation,
  registerUser,
  registerVerifiedUser,
  testConfig,
  TestClock,
  type TestApp,
} from '../../../test/helpers.ts';
import { LONG_LIVED_TOKENS, subscribeLocally } from '../../../test/local-billing.ts';
import { recordOperatorAction } from './super-admin.service.ts';

const ROOT = 'root@example.com';
const DAY = 86_400_000;

const operatorGet = (app: TestApp, token: string) => (url: string) =>
  app.inject({ method: 'GET', url: `/api/super-admin${url}`, headers: bearer(token) });

const userId = async (app: TestApp, email: string) => {
  const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
  return user!.uuid;
};

describe('GET /super-admin/metrics', () => {
  // A database of its own: the figures are exact counts of everything in it.
  const clock = new TestClock(new Date('2026-03-10T15:00:00Z'));
  let app: TestApp;
  let get: ReturnType<typeof operatorGet>;

  beforeAll(async () => {
    app = await buildTestApp({
      clock,
      config: testConfig({ SUPER_ADMIN_EMAILS: ROOT, ...LONG_LIVED_TOKENS }),
    });
    get = operatorGet(app, (await registerVerifiedUser(app, ROOT)).access_token);
  });
  afterAll(() => app.close());

  it('counts teams, users, verified users and active subscriptions, and sums MRR per currency', async () => {
    const db = app.database.db;
    const owner = await registerVerifiedUser(app);
    await registerUser(app);
    await registerUser(app);
    const teams = [];
    for (let n = 0; n < 7; n++) teams.push((await createTeam(app, owner, `Team ${n}`)).uuid);
    // Two invoiced in euros: a plan of another currency, whose annual price is no multiple of twelve.
    await db.insert(plans).values({
      id: 'euro',
      name: 'Euro',
      description: 'Priced in euros',
      currency: 'eur',
      priceMonthly: 1000,
      priceAnnual: 10006,
    });
    await subscribeLocally(app, owner, teams[0]!, 'pro', 'monthly');
    const now = clock.now();
    const subscribe = (
      team: string,
      planId: string,
      interval: 'monthly' | 'annual',
      status = 'active',
      quantity = 1,
    ) =>
      db.insert(subscriptions).values({
        tenantId: team,
        provider: 'local',
        planId,
        interval,
        quantity,
        status: status as 'active',
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 30 * DAY),
      });
    await subscribe(teams[1]!, 'starter', 'annual');
    await subscribe(teams[2]!, 'euro', 'monthly');
    await subscribe(teams[3]!, 'euro', 'annual');
    // Neither pays now: a trial, and one whose payment failed.
    await subscribe(teams[4]!, 'business', 'monthly', 'trialing');
    await subscribe(teams[5]!, 'business', 'monthly', 'past_due');
    // Per seat: four seats of Business pay four times its price.
    await subscribe(teams[6]!, 'business', 'annual', 'active', 4);

    const response = await get('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      teams: 7,
      users: 4,
      verified_users: 2,
      active_subscriptions: 5,
      // eur: 1000 + round(10006 / 12) = 1000 + 834; usd: pro monthly 2900 + starter annual 5400 / 12 = 450 +
      // 4 seats of business annual 4 × 59400 / 12 = 19800.
      mrr: [
        { currency: 'eur', amount: 1834 },
        { currency: 'usd', amount: 23150 },
      ],
    });
  });

  it('counts sign-ups per UTC day over the last 30 days of the app’s clock, every day present', async () => {
    const db = app.database.db;
    const days = async () =>
      (await get('/metrics')).json().signups_by_day as { date: string; count: number }[];
    // Everyone so far signed up long ago; then one on the window's first instant, one just before it, two today.
    await db.update(users).set({ createdAt: new Date('2025-01-01T00:00:00Z') });
    const at = async (iso: string) =>
      db
        .update(users)
        .set({ createdAt: new Date(iso) })
        .where(eq(users.email, (await registerUser(app)).email));
    await at('2026-02-09T00:00:00Z');
    await at('2026-02-08T23:59:59.999Z');
    await at('2026-03-10T00:00:00Z');
    await at('2026-03-10T23:59:59Z');
    await at('2026-03-11T00:00:00Z');

    const before = await days();
    expect(before).toHaveLength(30);
    expect(before[0]).toEqual({ date: '2026-02-09', count: 1 });
    expect(before[1]).toEqual({ date: '2026-02-10', count: 0 });
    expect(before[29]).toEqual({ date: '2026-03-10', count: 2 });
    expect(before.reduce((sum, day) => sum + day.count, 0)).toBe(3);

    // A day later the window starts a day later: the first sign-up falls out, tomorrow's is today's.
    clock.advance(DAY);
    const after = await days();
    expect(after).toHaveLength(30);
    expect(after[0]).toEqual({ date: '2026-02-10', count: 0 });
    expect(after[28]).toEqual({ date: '2026-03-10', count: 2 });
    expect(after[29]).toEqual({ date: '2026-03-11', count: 1 });
  });

  it('keeps the days’ counts those of the accounts as they are added, verified, moved and deleted', async () => {
    const db = app.database.db;
    // What the triggers keep, against a count of the accounts themselves.
    const kept = () =>
      db.execute(
        sql`select day::text, users, verified_users from signups_by_day where users <> 0 order by day`,
      );
    const counted = () =>
      db.execute(sql`select (created_at at time zone 'UTC')::date::text as day, count(*)::int as users,
        (count(*) filter (where is_verified))::int as verified_users from users group by 1 order by 1`);
    const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
    const expectInStep = async () => expect(rowsOf(await kept())).toEqual(rowsOf(await counted()));

    const unverified = await registerUser(app);
    const deleted = await registerVerifiedUser(app);
    await expectInStep();
    // Verified through its link; moved to another day; several added in one statement; one deleted by its owner.
    const { token } = await latestMailTo(app, unverified.email);
    expect((await app.inject({ url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(200);
    await db
      .update(users)
      .set({ createdAt: new Date('2026-01-15T23:30:00Z') })
      .where(eq(users.email, unverified.email));
    await db.insert(users).values([
      {
        email: `bulk-1-${randomUUID()}@example.com`,
        isVerified: true,
        createdAt: new Date('2026-01-15T01:00:00Z'),
      },
      { email: `bulk-2-${randomUUID()}@example.com`, createdAt: new Date('2026-01-16T01:00:00Z') },
    ]);
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: bearer(deleted.access_token),
      payload: { password: deleted.password },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    await expectInStep();
    const metrics = (await get('/metrics')).json();
    const [accounts] = rowsOf(
      await db.execute(
        sql`select count(*)::int as users, (count(*) filter (where is_verified))::int as verified from users`,
      ),
    ) as { users: number; verified: number }[];
    expect({ users: metrics.users, verified: metrics.verified_users }).toEqual(accounts);
  });
});

describe('operators’ users and audit', () => {
  let app: TestApp;
  let get: ReturnType<typeof operatorGet>;
  let root: { access_token: string; email: string };

  beforeAll(async () => {
    app = await buildTestApp({ config: testConfig({ SUPER_ADMIN_EMAILS: ROOT }) });
    root = await registerVerifiedUser(app, ROOT);
    get = operatorGet(app, root.access_token);
  });
  afterAll(() => app.close());

  /** Accounts straight in the database: addresses no sign-up form takes, and sign-up times of the test's choosing. */
  async function insertUsers(emails: string[], createdAt: (index: number) => Date) {
    return app.database.db
      .insert(users)
      .values(emails.map((email, index) => ({ email, createdAt: createdAt(index) })))
      .returning({ uuid: users.uuid, email: users.email });
  }

  const emailsOf = (body: { email: string }[]) => body.map((user) => user.email);

  it('lists accounts newest first, each with its teams counted and its badges', async () => {
    const owner = await registerVerifiedUser(app);
    const first = await createTeam(app, owner, 'First');
    await createTeam(app, owner, 'Second');
    const member = await joinTeam(app, owner, first.uuid, 'member');
    await app.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, member.email));

    const list = (await get('/users?limit=100')).json();
    expect(emailsOf(list).slice(0, 3)).toEqual([member.email, owner.email, ROOT]);
    expect(list[0]).toEqual({
      uuid: member.user_uuid,
      email: member.email,
      is_verified: true,
      is_suspended: true,
      created_at: expect.any(String),
      team_count: 1,
    });
    expect(list[1]).toMatchObject({ is_verified: true, is_suspended: false, team_count: 2 });
    expect(list[2]).toMatchObject({ email: ROOT, team_count: 0 });
  });

  it('searches emails for a literal substring, case-insensitively', async () => {
    const tag = randomUUID().slice(0, 8);
    const at = (index: number) => new Date(Date.UTC(2030, 0, 1) - index * 1000);
    await insertUsers(
      [
        `100%off-${tag}@ops.test`,
        `100xoff-${tag}@ops.test`,
        `snake_case-${tag}@ops.test`,
        `snakexcase-${tag}@ops.test`,
      ],
      at,
    );
    const search = async (q: string) => emailsOf((await get(`/users?q=${encodeURIComponent(q)}`)).json());

    expect(await search(`-${tag}@`)).toHaveLength(4);
    expect(await search(`100%off-${tag}`)).toEqual([`100%off-${tag}@ops.test`]);
    expect(await search(`SNAKE_CASE-${tag.toUpperCase()}`)).toEqual([`snake_case-${tag}@ops.test`]);
    expect(await search(`\\`)).toEqual([]);
  });

  it('pages with a cursor, ties on the sign-up time included, and refuses a cursor of its own making', async () => {
    const tag = randomUUID().slice(0, 8);
    const same = new Date(Date.UTC(2031, 0, 1));
    // Five accounts, three of them signed up in the same instant: only the uuid orders those.
    const inserted = await insertUsers(
      [0, 1, 2, 3, 4].map((n) => `paged-${n}-${tag}@ops.test`),
      (index) => (index < 3 ? same : new Date(same.getTime() - index * 1000)),
    );
    const tied = inserted
      .slice(0, 3)
      .map((user) => user.uuid)
      .sort()
      .reverse();
    const ordered = [
      ...tied.map((uuid) => inserted.find((user) => user.uuid === uuid)!.email),
      `paged-3-${tag}@ops.test`,
      `paged-4-${tag}@ops.test`,
    ];

    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const page = await get(`/users?q=${tag}&limit=2&cursor=${cursor}`);
      expect(page.statusCode).toBe(200);
      seen.push(...emailsOf(page.json()));
      cursor = (page.headers['x-next-cursor'] as string | undefined) ?? '';
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ordered);

    const forged = Buffer.from(JSON.stringify(['yesterday', randomUUID()])).toString('base64url');
    expect((await get(`/users?cursor=${forged}`)).statusCode).toBe(422);
  });

  it('shows one account with its teams by join date, and whether it is a super admin', async () => {
    const owner = await registerVerifiedUser(app);
    const own = await createTeam(app, owner, 'Own Co');
    const otherOwner = await registerVerifiedUser(app);
    const other = await createTeam(app, otherOwner, 'Joined Co');
    const token = await mailedInvitation(app, otherOwner, other.uuid, owner.email, 'admin');
    expect((await app.inject({ url: `/api/invitations/${token}/accept` })).statusCode).toBe(200);

    const uuid = await userId(app, owner.email);
    const detail = await get(`/users/${uuid.toUpperCase()}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      uuid,
      email: owner.email,
      is_verified: true,
      is_suspended: false,
      created_at: expect.any(String),
      team_count: 2,
      is_super_admin: false,
      teams: [
        { uuid: own.uuid, name: 'Own Co', role: 'owner', joined_at: expect.any(String) },
        { uuid: other.uuid, name: 'Joined Co', role: 'admin', joined_at: expect.any(String) },
      ],
    });

    // A super admin by SUPER_ADMIN_EMAILS or by the flag, verified only.
    expect((await get(`/users/${await userId(app, ROOT)}`)).json().is_super_admin).toBe(true);
    const flagged = await registerUser(app);
    await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, flagged.email));
    const flaggedId = await userId(app, flagged.email);
    const flaggedDetail = async () => (await get(`/users/${flaggedId}`)).json();
    expect(await flaggedDetail()).toMatchObject({ is_verified: false, is_super_admin: false, teams: [] });
    await app.database.db.update(users).set({ isVerified: true }).where(eq(users.email, flagged.email));
    expect((await flaggedDetail()).is_super_admin).toBe(true);
  });

  it('answers 404 to a malformed or unknown uuid', async () => {
    for (const uuid of ['nope', randomUUID(), '00000000-0000-4000-8000-00000000000g']) {
      const response = await get(`/users/${uuid}`);
      expect(response.statusCode, uuid).toBe(404);
      expect(response.json()).toEqual({ detail: 'User not found', code: 'user_not_found' });
    }
  });

  it('lists what operators did, newest first, in pages; an entry outlives its accounts', async () => {
    const [operator, target] = await insertUsers(
      [`operator-${randomUUID()}@ops.test`, `target-${randomUUID()}@ops.test`],
      () => new Date(),
    );
    const record = (action: 'user.suspended' | 'user.unsuspended' | 'impersonation.started') =>
      recordOperatorAction(app.database.db, {
        operatorId: operator!.uuid,
        operatorEmail: operator!.email,
        action,
        targetUserId: target!.uuid,
        targetEmail: target!.email,
      });
    // A second apart: PGlite's clock may give acts in a row the same millisecond, and then the uuid orders them.
    const start = Date.now();
    for (const [index, action] of (
      ['user.suspended', 'user.unsuspended', 'impersonation.started'] as const
    ).entries()) {
      await record(action);
      await app.database.db
        .update(operatorAudit)
        .set({ createdAt: new Date(start + index * 1000) })
        .where(and(eq(operatorAudit.action, action), eq(operatorAudit.targetEmail, target!.email)));
    }
    // Recorded in the act's transaction: an act that rolls back leaves no entry.
    await app.database.db
      .transaction(async (tx) => {
        await recordOperatorAction(tx, {
          operatorId: operator!.uuid,
          operatorEmail: operator!.email,
          action: 'impersonation.stopped',
          targetUserId: target!.uuid,
          targetEmail: target!.email,
        });
        tx.rollback();
      })
      .catch(() => {});
    await app.database.db.delete(users).where(inArray(users.uuid, [operator!.uuid, target!.uuid]));

    const first = await get('/audit?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      {
        uuid: expect.any(String),
        operator_email: operator!.email,
        action: 'impersonation.started',
        target_email: target!.email,
        created_at: expect.any(String),
      },
      expect.objectContaining({ action: 'user.unsuspended' }),
    ]);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const second = await get(`/audit?limit=2&cursor=${cursor}`);
    expect(second.json()).toEqual([expect.objectContaining({ action: 'user.suspended' })]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });
});
