// Teams: creating, listing, renaming, handing over and deleting, on the real database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  registerUser,
  type TestApp,
} from '../../../test/helpers.ts';
import { activityLog } from '../../db/schema/activity-log.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { memberships } from '../../db/schema/memberships.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('teams', () => {
  it('belong to their creator as owner, with a trimmed name and a blank description stored as none', async () => {
    const owner = await registerUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: bearer(owner.access_token),
      payload: { name: '  Acme  ', description: '   ' },
    });
    expect(response.statusCode).toBe(201);
    const team = response.json();
    expect(team).toEqual({ uuid: expect.any(String), name: 'Acme', description: null, user_role: 'owner' });
    const list = await app.inject({
      method: 'GET',
      url: '/api/tenants',
      headers: bearer(owner.access_token),
    });
    expect(list.json()).toEqual([team]);
    const one = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(owner.access_token, team.uuid),
    });
    // GET /tenant adds the team's rules (docs/contract.md section 4, Enterprise identity).
    expect(one.json()).toEqual({ ...team, security: { require_sso: false, require_two_factor: false } });
  });

  it('need a name', async () => {
    const owner = await registerUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: bearer(owner.access_token),
      payload: { name: '   ' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/Team name is required/);
  });

  it('list only the teams the user belongs to, with their role in each', async () => {
    const owner = await registerUser(app);
    const acme = await createTeam(app, owner, 'Acme');
    const member = await joinTeam(app, owner, acme.uuid, 'member');
    const own = await createTeam(app, { access_token: member.access_token }, 'Mine');
    await createTeam(app, await registerUser(app), 'Not theirs');
    const list = await app.inject({
      method: 'GET',
      url: '/api/tenants',
      headers: bearer(member.access_token),
    });
    expect(list.json().map((t: { name: string; user_role: string }) => [t.name, t.user_role])).toEqual([
      ['Acme', 'member'],
      ['Mine', 'owner'],
    ]);
    expect(own.name).toBe('Mine');
  });

  it('are renamed by an admin, and the change is logged', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const admin = await joinTeam(app, owner, team.uuid, 'admin');
    const response = await app.inject({
      method: 'PUT',
      url: '/api/tenant',
      headers: inTenant(admin.access_token, team.uuid),
      payload: { name: 'Renamed', description: 'We make things' },
    });
    expect(response.json()).toEqual({
      uuid: team.uuid,
      name: 'Renamed',
      description: 'We make things',
      user_role: 'admin',
    });
    const log = await app.database.db.select().from(activityLog).where(eq(activityLog.tenantId, team.uuid));
    expect(log.map((entry) => entry.action)).toContain('team.updated');
  });

  it('are deleted by the owner with their memberships and invitations', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    await joinTeam(app, owner, team.uuid, 'member');
    await app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: inTenant(owner.access_token, team.uuid),
      payload: { email: 'pending@example.com' },
    });
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/tenant',
      headers: inTenant(owner.access_token, team.uuid),
    });
    expect(response.statusCode).toBe(204);
    const db = app.database.db;
    expect(await db.select().from(memberships).where(eq(memberships.tenantId, team.uuid))).toEqual([]);
    expect(await db.select().from(invitations).where(eq(invitations.tenantId, team.uuid))).toEqual([]);
    const after = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(owner.access_token, team.uuid),
    });
    expect(after.statusCode).toBe(403);
    const log = await db.select().from(activityLog).where(eq(activityLog.tenantId, team.uuid));
    expect(log.map((entry) => entry.action)).toContain('tenant.deleted');
  });
});

describe('ownership transfer', () => {
  it('makes a member the owner and the old owner an admin, in one step', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const member = await joinTeam(app, owner, team.uuid, 'member');
    const response = await app.inject({
      method: 'POST',
      url: '/api/tenant/transfer-ownership',
      headers: inTenant(owner.access_token, team.uuid),
      payload: { user_uuid: member.user_uuid },
    });
    expect(response.statusCode).toBe(200);
    const members = await app.inject({
      method: 'GET',
      url: '/api/members',
      headers: inTenant(owner.access_token, team.uuid),
    });
    const roles = Object.fromEntries(
      members.json().map((m: { email: string; role: string }) => [m.email, m.role]),
    );
    expect(roles).toEqual({ [member.email]: 'owner', [owner.email]: 'admin' });
    // The old owner can no longer delete the team.
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/tenant',
      headers: inTenant(owner.access_token, team.uuid),
    });
    expect(del.statusCode).toBe(403);
  });

  it('refuses someone who is not a member, and changes nothing', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const stranger = await registerUser(app);
    const strangerUuid = (
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(stranger.access_token) })
    ).json().uuid;
    const response = await app.inject({
      method: 'POST',
      url: '/api/tenant/transfer-ownership',
      headers: inTenant(owner.access_token, team.uuid),
      payload: { user_uuid: strangerUuid },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The new owner must be a member of this team',
      code: 'new_owner_not_member',
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(owner.access_token, team.uuid),
    });
    expect(me.json().user_role).toBe('owner');
  });
});

describe('paged lists of teams and members', () => {
  /** Every page of `url`, following X-Next-Cursor; answers the pages. */
  async function allPages(url: string, headers: Record<string, string>) {
    const pages: unknown[][] = [];
    let cursor: string | undefined;
    do {
      const separator = url.includes('?') ? '&' : '?';
      const response = await app.inject({
        method: 'GET',
        url: cursor ? `${url}${separator}cursor=${cursor}` : url,
        headers,
      });
      expect(response.statusCode).toBe(200);
      pages.push(response.json());
      cursor = response.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    return pages;
  }

  it('pages a user’s teams in the order they joined them', async () => {
    const owner = await registerUser(app);
    const names = ['One', 'Two', 'Three'];
    for (const name of names) await createTeam(app, owner, name);
    const pages = await allPages('/api/tenants?limit=2', bearer(owner.access_token));
    expect(pages.map((page) => page.length)).toEqual([2, 1]);
    expect(pages.flat().map((team) => (team as { name: string }).name)).toEqual(names);
  });

  it('pages a team’s members in the order they joined, the creator first', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const joined = [
      await joinTeam(app, owner, team.uuid, 'admin'),
      await joinTeam(app, owner, team.uuid, 'member'),
    ];
    const pages = await allPages('/api/members?limit=1', inTenant(owner.access_token, team.uuid));
    expect(pages.map((page) => page.length)).toEqual([1, 1, 1]);
    const members = pages.flat() as { email: string; role: string }[];
    expect(members[0]!.role).toBe('owner');
    expect(members.slice(1).map((member) => member.email)).toEqual(joined.map((member) => member.email));
  });
});
