// Team API keys (docs/contract.md section 4, Developer platform): shown once and stored hashed, at most 10 live, acting
// for their own team on what their scopes allow and nowhere else, limited per key, revoked at once, and named in the
// activity log. The authorization table (test/authorization.test.ts) tries every route with a key of each scope.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  registerVerifiedUser,
  type TestApp,
} from '../../../test/helpers.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { plans } from '../../db/schema/billing.ts';

let app: TestApp;
type User = { access_token: string; email: string };

beforeAll(async () => {
  // A key's rate limit is tried with a small one; the rest of the file stays far below it.
  app = await buildTestApp({ limits: { apiKeyRequests: { max: 40, timeWindow: 60_000 } } });
  await app.database.db.update(plans).set({ memberLimit: null, itemLimit: null }).where(eq(plans.id, 'free'));
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const asMember = (as: User, team: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: inTenant(as.access_token, team), payload });
const withKey = (key: string, method: Method, url: string, payload?: object, headers: object = {}) =>
  app.inject({ method, url: `/api${url}`, headers: { ...bearer(key), ...headers }, payload });

async function newTeam(name = 'Acme') {
  const owner = await registerVerifiedUser(app);
  return { owner, team: (await createTeam(app, owner, name)).uuid };
}

async function createKey(as: User, team: string, scopes: string[], name = 'CI') {
  const response = await asMember(as, team, 'POST', '/api-keys', { name, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; key: string; prefix: string; name: string; scopes: string[] };
}

describe('API keys', () => {
  it('are shown once, listed by prefix with their creator and last use, and stored only as a hash', async () => {
    const { owner, team } = await newTeam();
    const created = await createKey(
      owner,
      team,
      ['items:read', 'items:read', 'members:read'],
      '  Deploy bot ',
    );
    expect(created).toMatchObject({ name: 'Deploy bot', scopes: ['items:read', 'members:read'] });
    expect(created.key).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);

    const listed = (await asMember(owner, team, 'GET', '/api-keys')).json();
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Deploy bot',
        scopes: ['items:read', 'members:read'],
        prefix: created.prefix,
        created_at: expect.any(String),
        created_by_email: owner.email,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(Object.values(row!).map(String)).not.toContain(created.key);

    expect((await withKey(created.key, 'GET', '/items/')).statusCode).toBe(200);
    const [used] = (await asMember(owner, team, 'GET', '/api-keys')).json();
    expect(Date.parse(used.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('act for their own team without X-TENANT-UUID, on what their scopes allow', async () => {
    const { owner, team } = await newTeam();
    const reader = await createKey(owner, team, ['items:read']);
    const writer = await createKey(owner, team, ['items:write']);

    const made = await withKey(writer.key, 'POST', '/items/', { name: 'From CI' });
    expect(made.statusCode, made.body).toBe(201);
    const item = made.json();
    expect((await withKey(reader.key, 'GET', `/items/${item.uuid}`)).json()).toEqual(item);
    expect((await asMember(owner, team, 'GET', `/items/${item.uuid}`)).json()).toEqual(item);

    const refused = await withKey(reader.key, 'POST', '/items/', { name: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'This API key does not allow items:write',
      code: 'api_key_scope_missing',
      params: { scope: 'items:write' },
    });
    expect((await withKey(writer.key, 'GET', '/items/')).json()).toEqual({
      detail: 'This API key does not allow items:read',
      code: 'api_key_scope_missing',
      params: { scope: 'items:read' },
    });
    expect((await withKey(reader.key, 'GET', '/members')).json().detail).toBe(
      'This API key does not allow members:read',
    );
    expect((await asMember(owner, team, 'GET', '/items/')).json()).toHaveLength(1);
  });

  it("never reach another team: not by its X-TENANT-UUID, nor by its item's id", async () => {
    const a = await newTeam('A');
    const b = await newTeam('B');
    const key = await createKey(a.owner, a.team, ['items:read', 'items:write']);
    const theirs = (await asMember(b.owner, b.team, 'POST', '/items/', { name: 'Secret' })).json();

    const withTheirHeader = await withKey(key.key, 'GET', '/items/', undefined, { 'x-tenant-uuid': b.team });
    expect(withTheirHeader.statusCode).toBe(403);
    expect((await withKey(key.key, 'GET', `/items/${theirs.uuid}`)).statusCode).toBe(404);
    expect((await withKey(key.key, 'PATCH', `/items/${theirs.uuid}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await withKey(key.key, 'DELETE', `/items/${theirs.uuid}`)).statusCode).toBe(404);
    expect((await asMember(b.owner, b.team, 'GET', `/items/${theirs.uuid}`)).json()).toEqual(theirs);
  });

  it('are refused on the account, billing, key, webhook and operator endpoints', async () => {
    const { owner, team } = await newTeam();
    const key = await createKey(owner, team, ['items:read', 'items:write', 'members:read', 'activity:read']);
    const refusals = await Promise.all([
      withKey(key.key, 'GET', '/auth/me'),
      withKey(key.key, 'GET', '/tenants'),
      withKey(key.key, 'GET', '/payments/subscription'),
      withKey(key.key, 'POST', '/api-keys', { name: 'Wider', scopes: ['items:read'] }),
      withKey(key.key, 'GET', '/api-keys'),
      withKey(key.key, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/', events: ['item.created'] }),
      withKey(key.key, 'GET', '/super-admin/tenants'),
      withKey(key.key, 'PUT', '/tenant', { name: 'Renamed' }),
      withKey(key.key, 'POST', '/invite', { email: 'someone@example.com', role: 'admin' }),
    ]);
    expect(refusals.map((response) => response.statusCode)).toEqual(Array(refusals.length).fill(403));
    expect(refusals[0]!.json()).toEqual({
      detail: 'API keys cannot call this endpoint',
      code: 'api_key_not_allowed',
    });
    expect((await asMember(owner, team, 'GET', '/api-keys')).json()).toHaveLength(1);
    expect((await asMember(owner, team, 'GET', '/tenant')).json().name).toBe('Acme');
  });

  it('cannot have their scopes widened: a key has no PATCH, and its scopes stay as created', async () => {
    const { owner, team } = await newTeam();
    const key = await createKey(owner, team, ['items:read']);
    const patched = await asMember(owner, team, 'PATCH', `/api-keys/${key.id}`, { scopes: ['items:write'] });
    expect(patched.statusCode).toBe(404);
    expect((await withKey(key.key, 'POST', '/items/', { name: 'Nope' })).statusCode).toBe(403);
    expect((await asMember(owner, team, 'GET', '/api-keys')).json()[0].scopes).toEqual(['items:read']);
  });

  it('are created and revoked by admins and the owner only', async () => {
    const { owner, team } = await newTeam();
    const admin = await joinTeam(app, owner, team, 'admin');
    const member = await joinTeam(app, owner, team, 'member');
    const refused = await asMember(member, team, 'POST', '/api-keys', {
      name: 'Mine',
      scopes: ['items:read'],
    });
    expect(refused.statusCode).toBe(403);
    const byAdmin = await createKey(admin, team, ['items:read']);
    expect((await asMember(member, team, 'DELETE', `/api-keys/${byAdmin.id}`)).statusCode).toBe(403);
    expect((await asMember(member, team, 'GET', '/api-keys')).statusCode).toBe(403);
    expect((await withKey(byAdmin.key, 'GET', '/items/')).statusCode).toBe(200);
  });

  it('die with their creator’s authority: a demoted, removed or deleted admin’s keys are revoked, others’ stay', async () => {
    const { owner, team } = await newTeam();
    const demoted = await joinTeam(app, owner, team, 'admin');
    const removed = await joinTeam(app, owner, team, 'admin');
    const promoted = await joinTeam(app, owner, team, 'admin');
    const keys = {
      demoted: await createKey(demoted, team, ['items:read'], 'Demoted'),
      removed: await createKey(removed, team, ['items:read'], 'Removed'),
      promoted: await createKey(promoted, team, ['items:read'], 'Promoted'),
      owner: await createKey(owner, team, ['items:read'], 'Owner'),
    };
    await asMember(owner, team, 'PATCH', '/members/role', {
      user_uuid: demoted.user_uuid,
      new_role: 'member',
    });
    await asMember(owner, team, 'DELETE', '/members', { user_uuid: removed.user_uuid });
    // Promoted again, the demoted admin's key stays revoked.
    await asMember(owner, team, 'PATCH', '/members/role', {
      user_uuid: demoted.user_uuid,
      new_role: 'admin',
    });

    expect((await withKey(keys.demoted.key, 'GET', '/items/')).statusCode).toBe(401);
    expect((await withKey(keys.removed.key, 'GET', '/items/')).statusCode).toBe(401);
    expect((await withKey(keys.promoted.key, 'GET', '/items/')).statusCode).toBe(200);
    expect((await withKey(keys.owner.key, 'GET', '/items/')).statusCode).toBe(200);
    const names = (await asMember(owner, team, 'GET', '/api-keys'))
      .json()
      .map((key: { name: string }) => key.name);
    expect(names.toSorted()).toEqual(['Owner', 'Promoted']);

    // An admin who deletes their account leaves the team, and their keys with it.
    const password = 'correct horse battery';
    await app.inject({
      method: 'POST',
      url: `/api/invitations/${promoted.token}/set-password`,
      payload: { password },
    });
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: bearer(promoted.access_token),
      payload: { password },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await withKey(keys.promoted.key, 'GET', '/items/')).statusCode).toBe(401);
    expect((await withKey(keys.owner.key, 'GET', '/items/')).statusCode).toBe(200);
  });

  it('leave no live key behind a demotion that races their creation', async () => {
    const { owner, team } = await newTeam();
    for (let round = 0; round < 3; round++) {
      const admin = await joinTeam(app, owner, team, 'admin');
      const [demoted, ...creates] = await Promise.all([
        asMember(owner, team, 'PATCH', '/members/role', { user_uuid: admin.user_uuid, new_role: 'member' }),
        ...Array.from({ length: 4 }, (_, index) =>
          asMember(admin, team, 'POST', '/api-keys', {
            name: `Race ${round}.${index}`,
            scopes: ['items:read'],
          }),
        ),
      ]);
      expect(demoted!.statusCode).toBe(200);
      for (const create of creates) {
        expect([201, 403]).toContain(create.statusCode);
        if (create.statusCode === 201)
          expect((await withKey(create.json().key, 'GET', '/items/')).statusCode).toBe(401);
      }
    }
    const live = (await asMember(owner, team, 'GET', '/api-keys')).json() as { name: string }[];
    expect(live.filter(({ name }) => name.startsWith('Race'))).toEqual([]);
  });

  it('are refused at once when revoked, even for requests sent alongside the revocation', async () => {
    const { owner, team } = await newTeam();
    const key = await createKey(owner, team, ['items:read']);
    const inFlight = Array.from({ length: 8 }, () => withKey(key.key, 'GET', '/items/'));
    const revoked = await asMember(owner, team, 'DELETE', `/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(204);
    // Those sent before the revocation answered either way; nothing after it is let through.
    for (const response of await Promise.all(inFlight)) expect([200, 401]).toContain(response.statusCode);
    const after = await withKey(key.key, 'GET', '/items/');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Invalid or revoked API key', code: 'api_key_invalid' });
    expect((await asMember(owner, team, 'GET', '/api-keys')).json()).toEqual([]);
    expect((await asMember(owner, team, 'DELETE', `/api-keys/${key.id}`)).statusCode).toBe(404);
    // An unknown key and a session token that merely looks like one.
    expect((await withKey(`tsk_${'A'.repeat(43)}`, 'GET', '/items/')).statusCode).toBe(401);
    expect((await withKey('tsk_', 'GET', '/auth/me')).statusCode).toBe(401);
  });

  it('are at most 10 live a team, however many are asked for at once', async () => {
    const { owner, team } = await newTeam();
    const attempts = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        asMember(owner, team, 'POST', '/api-keys', { name: `Key ${index}`, scopes: ['items:read'] }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(4).fill(400)]);
    expect(attempts.find((response) => response.statusCode === 400)!.json().detail).toBe(
      'A team can have at most 10 API keys. Revoke one to create another.',
    );
    const [first] = (await asMember(owner, team, 'GET', '/api-keys')).json();
    await asMember(owner, team, 'DELETE', `/api-keys/${first.id}`);
    expect(
      (await asMember(owner, team, 'POST', '/api-keys', { name: 'Again', scopes: ['items:read'] }))
        .statusCode,
    ).toBe(201);
  });

  it('refuse a blank name, no scope and an unknown scope, and create nothing', async () => {
    const { owner, team } = await newTeam();
    for (const body of [
      { name: '  ', scopes: ['items:read'] },
      { name: 'CI', scopes: [] },
      { name: 'CI', scopes: ['items:admin'] },
      { name: 'CI' },
    ]) {
      const response = await asMember(owner, team, 'POST', '/api-keys', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await asMember(owner, team, 'GET', '/api-keys')).json()).toEqual([]);
  });

  it('are each limited to their own requests a minute', async () => {
    const { owner, team } = await newTeam();
    const busy = await createKey(owner, team, ['items:read']);
    const quiet = await createKey(owner, team, ['items:read']);
    const answers = [];
    for (let index = 0; index < 41; index++)
      answers.push((await withKey(busy.key, 'GET', '/items/')).statusCode);
    expect(answers.slice(0, 40)).toEqual(Array(40).fill(200));
    expect(answers[40]).toBe(429);
    expect((await withKey(quiet.key, 'GET', '/items/')).statusCode).toBe(200);
    expect((await asMember(owner, team, 'GET', '/items/')).statusCode).toBe(200);
  });

  it('are named in the activity log as the actor of what they do, and their creation and revocation are logged', async () => {
    const { owner, team } = await newTeam();
    const key = await createKey(owner, team, ['items:write'], 'Importer');
    const item = (await withKey(key.key, 'POST', '/items/', { name: 'Imported' })).json();
    await withKey(key.key, 'PATCH', `/items/${item.uuid}`, { name: 'Imported 2' });
    await withKey(key.key, 'DELETE', `/items/${item.uuid}`);
    await asMember(owner, team, 'DELETE', `/api-keys/${key.id}`);
    const entries = (await asMember(owner, team, 'GET', '/activity')).json() as {
      actor_email: string;
      action: string;
      target: string;
    }[];
    expect(entries.map(({ actor_email, action, target }) => ({ actor_email, action, target }))).toEqual([
      { actor_email: owner.email, action: 'apikey.revoked', target: 'Importer' },
      { actor_email: 'API key Importer', action: 'item.deleted', target: 'Imported 2' },
      { actor_email: 'API key Importer', action: 'item.updated', target: 'Imported 2' },
      { actor_email: 'API key Importer', action: 'item.created', target: 'Imported' },
      { actor_email: owner.email, action: 'apikey.created', target: 'Importer' },
    ]);
  });
});
