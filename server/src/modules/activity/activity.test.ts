// Team activity: each change is in the log with its actor and target (and nothing of a refused change), newest first in
// keyset pages, filtered by action, for admins and the owner of that team only, and as a streamed CSV.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { subscribeLocally } from '../../../test/local-billing.ts';
import { plans } from '../../db/schema/billing.ts';
import { users } from '../../db/schema/users.ts';

let app: TestApp;
type User = { access_token: string; email: string };

beforeAll(async () => {
  app = await buildTestApp();
  // The free plan's limits are not what this file tests (plan-limits.test.ts is): its teams record more changes.
  await app.database.db.update(plans).set({ memberLimit: null, itemLimit: null }).where(eq(plans.id, 'free'));
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (as: User, team: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: inTenant(as.access_token, team), payload });

type Entry = { uuid: string; actor_email: string | null; action: string; target: string; created_at: string };
async function log(as: User, team: string, query = ''): Promise<Entry[]> {
  const response = await call(as, team, 'GET', `/activity${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const brief = (entries: Entry[]) =>
  entries.map(({ actor_email, action, target }) => ({ actor_email, action, target }));

async function newTeam(name = 'Acme') {
  const owner = await registerUser(app);
  return { owner, team: (await createTeam(app, owner, name)).uuid };
}

describe('the activity log', () => {
  it('records each change with its actor and target, newest first', async () => {
    const { owner, team } = await newTeam();
    const admin = await joinTeam(app, owner, team, 'admin');
    const member = await joinTeam(app, admin, team, 'member');

    const item = (await call(member, team, 'POST', '/items/', { name: 'Roadmap' })).json();
    await call(member, team, 'PATCH', `/items/${item.uuid}`, { name: 'Roadmap 2' });
    await call(member, team, 'DELETE', `/items/${item.uuid}`);
    await call(owner, team, 'PATCH', '/members/role', { user_uuid: member.user_uuid, new_role: 'admin' });
    await call(owner, team, 'PUT', '/tenant', { name: 'Acme 2' });
    const invited = uniqueEmail();
    await call(admin, team, 'POST', '/invite', { email: invited, role: 'member' });
    const pending = (await call(admin, team, 'GET', '/invitations')).json();
    await call(admin, team, 'DELETE', `/invitations/${pending[0].uuid}`);
    await call(owner, team, 'DELETE', '/members', { user_uuid: member.user_uuid });
    await subscribeLocally(app, owner, team, 'pro');
    await call(owner, team, 'POST', '/payments/local/portal/change-plan', {
      plan_id: 'business',
      billing_interval: 'monthly',
    });
    await call(owner, team, 'POST', '/payments/local/portal/cancel');
    await call(owner, team, 'POST', '/payments/local/portal/resume');
    await call(owner, team, 'POST', '/tenant/transfer-ownership', { user_uuid: admin.user_uuid });

    expect(brief(await log(admin, team))).toEqual(
      [
        { actor_email: admin.email, action: 'member.invited', target: admin.email },
        { actor_email: admin.email, action: 'member.joined', target: admin.email },
        { actor_email: admin.email, action: 'member.invited', target: member.email },
        { actor_email: member.email, action: 'member.joined', target: member.email },
        { actor_email: member.email, action: 'item.created', target: 'Roadmap' },
        { actor_email: member.email, action: 'item.updated', target: 'Roadmap 2' },
        { actor_email: member.email, action: 'item.deleted', target: 'Roadmap 2' },
        {
          actor_email: owner.email,
          action: 'member.role_changed',
          target: `${member.email} (member → admin)`,
        },
        { actor_email: owner.email, action: 'team.updated', target: 'Acme 2' },
        { actor_email: admin.email, action: 'member.invited', target: invited },
        { actor_email: admin.email, action: 'invitation.revoked', target: invited },
        { actor_email: owner.email, action: 'member.removed', target: member.email },
        { actor_email: owner.email, action: 'subscription.changed', target: 'pro (active)' },
        { actor_email: owner.email, action: 'subscription.changed', target: 'business (active)' },
        {
          actor_email: owner.email,
          action: 'subscription.changed',
          target: 'business (active, cancels at period end)',
        },
        { actor_email: owner.email, action: 'subscription.changed', target: 'business (active)' },
        { actor_email: owner.email, action: 'ownership.transferred', target: admin.email },
      ]
        .map((entry, index) =>
          // The first invitation is the owner's.
          index === 0 ? { ...entry, actor_email: owner.email } : entry,
        )
        .reverse(),
    );
  });

  it('records nothing of a change that is refused or rolled back', async () => {
    const { owner, team } = await newTeam();
    const member = await joinTeam(app, owner, team, 'member');
    const before = await log(owner, team);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(owner, team, 'PATCH', `/items/${unknown}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(owner, team, 'DELETE', `/items/${unknown}`)).statusCode).toBe(404);
    expect((await call(owner, team, 'POST', '/items/', { name: ' ' })).statusCode).toBe(422);
    expect((await call(member, team, 'PUT', '/tenant', { name: 'Nope' })).statusCode).toBe(403);
    expect(
      (await call(member, team, 'PATCH', '/members/role', { user_uuid: member.user_uuid, new_role: 'admin' }))
        .statusCode,
    ).toBe(403);
    const again = await call(owner, team, 'POST', '/invite', { email: member.email, role: 'member' });
    expect(again.statusCode, again.body).toBeGreaterThanOrEqual(400);
    expect((await call(owner, team, 'POST', '/payments/local/portal/cancel')).statusCode).toBe(404);

    expect(await log(owner, team)).toEqual(before);
  });

  it('pages newest first with X-Next-Cursor and filters by action', async () => {
    const { owner, team } = await newTeam();
    for (let i = 0; i < 5; i++) await call(owner, team, 'POST', '/items/', { name: `item ${i}` });

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await call(
        owner,
        team,
        'GET',
        `/activity?action=item.created&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      seen.push(...response.json().map((entry: Entry) => entry.target));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['item 4', 'item 3', 'item 2', 'item 1', 'item 0']);

    expect(await log(owner, team, '?action=item.deleted')).toEqual([]);
    // A blank filter is no filter.
    expect((await log(owner, team, '?action=')).length).toBe(5);
    const whole = await call(owner, team, 'GET', '/activity');
    expect(whole.headers['x-next-cursor']).toBeUndefined();

    for (const query of ['action=item.exploded', 'limit=0', 'limit=101', 'cursor=nope']) {
      const response = await call(owner, team, 'GET', `/activity?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail).toMatch(/^querystring\.(action|limit|cursor): /);
    }
    expect((await call(owner, team, 'GET', '/activity?action=nope')).json()).toEqual({
      detail: 'querystring.action: Unknown action',
      code: 'validation',
      params: { field: 'querystring.action', message: 'action_unknown' },
    });
    expect((await call(owner, team, 'GET', '/activity/export?action=nope')).statusCode).toBe(422);
  });

  it('answers a member 403, and shows no team another team’s entries', async () => {
    const a = await newTeam('A');
    const b = await newTeam('B');
    const member = await joinTeam(app, a.owner, a.team, 'member');
    await call(b.owner, b.team, 'POST', '/items/', { name: 'Secret of B' });

    for (const url of ['/activity', '/activity/export']) {
      const response = await call(member, a.team, 'GET', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Only team admins and the owner can do this',
        code: 'admin_only',
      });
      // Team B's header with team A's owner: not a member of B.
      expect((await call(a.owner, b.team, 'GET', url)).statusCode, url).toBe(403);
    }
    const ofA = await log(a.owner, a.team);
    expect(ofA.map((entry) => entry.target)).not.toContain('Secret of B');
    expect((await log(b.owner, b.team)).map((entry) => entry.target)).toContain('Secret of B');
  });

  it('answers a null actor_email once the actor’s account is gone', async () => {
    const { owner, team } = await newTeam();
    const member = await joinTeam(app, owner, team, 'member');
    await call(member, team, 'POST', '/items/', { name: 'Left behind' });
    await app.database.db.delete(users).where(eq(users.uuid, member.user_uuid));
    const [entry] = await log(owner, team, '?action=item.created');
    expect(entry).toMatchObject({ actor_email: null, target: 'Left behind' });
  });
});

describe('the CSV export', () => {
  it('streams every entry as RFC 4180 CSV, quoting `;` and formulas, which it neutralises', async () => {
    const { owner, team } = await newTeam();
    const names = [
      'plain',
      'with, comma',
      'with "quotes"',
      'two\nlines',
      '=1+1',
      '+SUM(A1)',
      '-2',
      '@cmd',
      '\tTab',
      'Notes;=1+1',
    ];
    for (const name of names) await call(owner, team, 'POST', '/items/', { name });

    const response = await call(owner, team, 'GET', '/activity/export?action=item.created');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    // Streamed: no length known in advance.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');

    const entries = await log(owner, team, '?action=item.created');
    const expected = [
      'created_at,actor_email,action,target',
      ...entries.map((entry) => `${entry.created_at},${owner.email},item.created,`),
    ];
    const targets = [
      '"Notes;=1+1"',
      'Tab',
      `"'@cmd"`,
      `"'-2"`,
      `"'+SUM(A1)"`,
      `"'=1+1"`,
      '"two\nlines"',
      '"with ""quotes"""',
      '"with, comma"',
      'plain',
    ];
    // Names are trimmed on the way in, so the tab one is stored as "Tab".
    const lines = [expected[0], ...expected.slice(1).map((line, index) => line + targets[index])];
    expect(response.body).toBe(lines.map((line) => `${line}\r\n`).join(''));
  });

  it('reads the log in pages: an export longer than one page holds every entry once', async () => {
    const { owner, team } = await newTeam();
    const { db } = app.database;
    const { activityLog } = await import('../../db/schema/activity-log.ts');
    const ownerRow = await db.select({ uuid: users.uuid }).from(users).where(eq(users.email, owner.email));
    await db.insert(activityLog).values(
      Array.from({ length: 1234 }, (_, i) => ({
        tenantId: team,
        actorId: ownerRow[0]!.uuid,
        action: 'item.created',
        details: { name: `n${i}` },
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)),
      })),
    );
    const response = await call(owner, team, 'GET', '/activity/export?action=item.created');
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows).toHaveLength(1235);
    expect(new Set(rows.slice(1).map((row) => row.split(',')[3])).size).toBe(1234);
  });
});
