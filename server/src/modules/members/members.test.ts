// Member rules: the owner is untouchable, nobody acts on themselves, only admin and member can be given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
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
  const ownerUuid = (
    await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${owner.access_token}` },
    })
  ).json().uuid;
  const admin = await joinTeam(app, owner, uuid, 'admin');
  const member = await joinTeam(app, owner, uuid, 'member');
  return { uuid, owner: { ...owner, user_uuid: ownerUuid }, admin, member };
}

const call = (method: 'PATCH' | 'DELETE', token: string, tenant: string, payload: object) =>
  app.inject({
    method,
    url: method === 'PATCH' ? '/api/members/role' : '/api/members',
    headers: inTenant(token, tenant),
    payload,
  });

describe('members', () => {
  it('are listed owner first with user_uuid, email, role, joined_at, and whether a directory manages them', async () => {
    const t = await team();
    const response = await app.inject({
      method: 'GET',
      url: '/api/members',
      headers: inTenant(t.member.access_token, t.uuid),
    });
    // Members by invitation or founding: no directory manages them (scim.test.ts has those it does).
    const byHand = { joined_at: expect.any(String), managed_by_directory: false, active: true };
    expect(response.json()).toEqual([
      { user_uuid: t.owner.user_uuid, email: t.owner.email, role: 'owner', ...byHand },
      { user_uuid: t.admin.user_uuid, email: t.admin.email, role: 'admin', ...byHand },
      { user_uuid: t.member.user_uuid, email: t.member.email, role: 'member', ...byHand },
    ]);
  });

  it('change role between admin and member', async () => {
    const t = await team();
    const promoted = await call('PATCH', t.admin.access_token, t.uuid, {
      user_uuid: t.member.user_uuid,
      new_role: 'admin',
    });
    expect(promoted.json()).toMatchObject({ user_uuid: t.member.user_uuid, role: 'admin' });
    const demoted = await call('PATCH', t.owner.access_token, t.uuid, {
      user_uuid: t.member.user_uuid,
      new_role: 'member',
    });
    expect(demoted.json().role).toBe('member');
  });

  it('never make anyone owner through a role change', async () => {
    const t = await team();
    const response = await call('PATCH', t.owner.access_token, t.uuid, {
      user_uuid: t.member.user_uuid,
      new_role: 'owner',
    });
    expect(response.statusCode).toBe(422);
  });

  it('protect the owner from role changes and removal', async () => {
    const t = await team();
    const demote = await call('PATCH', t.admin.access_token, t.uuid, {
      user_uuid: t.owner.user_uuid,
      new_role: 'member',
    });
    expect(demote.statusCode).toBe(403);
    const remove = await call('DELETE', t.admin.access_token, t.uuid, { user_uuid: t.owner.user_uuid });
    expect(remove.statusCode).toBe(403);
    expect(remove.json()).toEqual({
      detail: 'The team owner cannot be removed',
      code: 'owner_not_removable',
    });
  });

  it('refuse acting on yourself', async () => {
    const t = await team();
    const demote = await call('PATCH', t.admin.access_token, t.uuid, {
      user_uuid: t.admin.user_uuid,
      new_role: 'member',
    });
    expect(demote.statusCode).toBe(400);
    const remove = await call('DELETE', t.admin.access_token, t.uuid, { user_uuid: t.admin.user_uuid });
    expect(remove.statusCode).toBe(400);
  });

  it('are removed, losing access at once', async () => {
    const t = await team();
    expect(
      (await call('DELETE', t.admin.access_token, t.uuid, { user_uuid: t.member.user_uuid })).statusCode,
    ).toBe(204);
    const after = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(t.member.access_token, t.uuid),
    });
    expect(after.statusCode).toBe(403);
  });

  it('of another team are not found here', async () => {
    const t = await team();
    const other = await team();
    const response = await call('DELETE', t.owner.access_token, t.uuid, {
      user_uuid: other.member.user_uuid,
    });
    expect(response.statusCode).toBe(404);
    const still = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(other.member.access_token, other.uuid),
    });
    expect(still.statusCode).toBe(200);
  });
});
