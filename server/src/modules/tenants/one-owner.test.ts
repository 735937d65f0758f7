// A team has exactly one owner at all times (docs/contract.md section 4): uuids compare case-insensitively, concurrent
// transfers cannot make two owners, and the database itself refuses a second owner or none.
import { sql } from 'drizzle-orm';
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

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function team() {
  const owner = await registerUser(app);
  const { uuid } = await createTeam(app, owner);
  const me = await app.inject({ url: '/api/auth/me', headers: bearer(owner.access_token) });
  const admin = await joinTeam(app, owner, uuid, 'admin');
  const member = await joinTeam(app, owner, uuid, 'member');
  return { uuid, owner: { ...owner, user_uuid: me.json().uuid as string }, admin, member };
}

const call = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  tenant: string,
  payload: object,
) => app.inject({ method, url: `/api${url}`, headers: inTenant(token, tenant), payload });

async function roles(tenant: string) {
  const result = (await app.database.db.execute(
    sql`select user_id::text as user, role::text as role from memberships where tenant_id = ${tenant}`,
  )) as unknown as { rows: { user: string; role: string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.user, row.role]));
}

describe('an upper-case copy of your own uuid is still you', () => {
  it('an admin cannot demote or remove themselves with it', async () => {
    const t = await team();
    const shouted = t.admin.user_uuid.toUpperCase();
    const demote = await call('PATCH', '/members/role', t.admin.access_token, t.uuid, {
      user_uuid: shouted,
      new_role: 'member',
    });
    expect(demote.statusCode).toBe(400);
    const remove = await call('DELETE', '/members', t.admin.access_token, t.uuid, { user_uuid: shouted });
    expect(remove.statusCode).toBe(400);
    expect((await roles(t.uuid))[t.admin.user_uuid]).toBe('admin');
  });

  it('an owner cannot transfer the team to themselves with it, and the team keeps its owner', async () => {
    const t = await team();
    const response = await call('POST', '/tenant/transfer-ownership', t.owner.access_token, t.uuid, {
      user_uuid: t.owner.user_uuid.toUpperCase(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'You already own this team', code: 'already_owner' });
    expect((await roles(t.uuid))[t.owner.user_uuid]).toBe('owner');
  });

  it('an upper-case X-TENANT-UUID names the same team', async () => {
    const t = await team();
    const response = await app.inject({
      url: '/api/tenant',
      headers: inTenant(t.member.access_token, t.uuid.toUpperCase()),
    });
    expect(response.json()).toMatchObject({ uuid: t.uuid, user_role: 'member' });
  });
});

describe('one owner', () => {
  it('survives two transfers at once: one wins, the other is refused, one owner remains', async () => {
    const t = await team();
    const [toAdmin, toMember] = await Promise.all(
      [t.admin.user_uuid, t.member.user_uuid].map((user) =>
        call('POST', '/tenant/transfer-ownership', t.owner.access_token, t.uuid, { user_uuid: user }),
      ),
    );
    expect([toAdmin!.statusCode, toMember!.statusCode].sort()).toEqual([200, 403]);
    const owners = Object.values(await roles(t.uuid)).filter((role) => role === 'owner');
    expect(owners).toHaveLength(1);
    expect((await roles(t.uuid))[t.owner.user_uuid]).toBe('admin');
  });

  it('is enforced by the database: no second owner, and no team left without one', async () => {
    const t = await team();
    const { db } = app.database;
    await expect(
      db.execute(
        sql`update memberships set role = 'owner' where tenant_id = ${t.uuid} and user_id = ${t.member.user_uuid}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`update memberships set role = 'admin' where tenant_id = ${t.uuid} and user_id = ${t.owner.user_uuid}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from memberships where tenant_id = ${t.uuid} and user_id = ${t.owner.user_uuid}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`insert into tenants (name) values ('Nobody owns me')`)).rejects.toThrow();
    expect((await roles(t.uuid))[t.owner.user_uuid]).toBe('owner');
    // A team deleted with its memberships needs no owner.
    await db.execute(sql`delete from tenants where uuid = ${t.uuid}`);
    expect(await roles(t.uuid)).toEqual({});
  });
});
