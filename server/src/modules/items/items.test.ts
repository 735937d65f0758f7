// Items: CRUD for any member, validation, newest first, keyset pages, and another team's items out of reach; each
// write and its entry in the team's log are one statement.
import { randomUUID } from 'node:crypto';

import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  asMember,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  registerUser,
  type TestApp,
} from '../../../test/helpers.ts';
import { subscribeLocally } from '../../../test/local-billing.ts';
import type { Db } from '../../db/client.ts';
import { activityLog } from '../../db/schema/activity-log.ts';
import * as schema from '../../db/schema/index.ts';
import * as service from './items.service.ts';

let app: TestApp;
let owner: { access_token: string };
let team: string;
let member: { access_token: string };

beforeAll(async () => {
  app = await buildTestApp();
  owner = await registerUser(app);
  team = (await createTeam(app, owner)).uuid;
  member = await joinTeam(app, owner, team, 'member');
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = member, tenant = team) =>
  app.inject({ method, url: `/api${url}`, headers: inTenant(as.access_token, tenant), payload });

async function newTeam() {
  const user = await registerUser(app);
  return { user, uuid: (await createTeam(app, user, 'Other')).uuid };
}

describe('items', () => {
  it('lets a member create, read, edit and delete an item', async () => {
    const created = await call('POST', '/items/', { name: '  Roadmap  ', description: '  Q3 plans ' });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ name: 'Roadmap', description: 'Q3 plans' });

    expect((await call('GET', `/items/${item.uuid}`)).json()).toEqual(item);

    const renamed = await call('PATCH', `/items/${item.uuid}`, { name: 'Roadmap 2' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Roadmap 2', description: 'Q3 plans' });
    expect(Date.parse(renamed.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(item.updated_at));

    const cleared = await call('PATCH', `/items/${item.uuid}`, { description: '   ' });
    expect(cleared.json()).toMatchObject({ name: 'Roadmap 2', description: null });

    expect((await call('DELETE', `/items/${item.uuid}`)).statusCode).toBe(204);
    const gone = await call('GET', `/items/${item.uuid}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Item not found', code: 'item_not_found' });
  });

  it('rejects a blank or too long name and a too long description with 422, storing nothing', async () => {
    const cases = [
      [{ name: '   ' }, 'body.name: Name is required', 'name_required'],
      [{}, 'body.name: Name is required', 'name_required'],
      [{ name: 'x'.repeat(201) }, 'body.name: Name must be 200 characters or less', 'item_name_too_long'],
      [
        { name: 'ok', description: 'x'.repeat(2001) },
        'body.description: Description must be 2000 characters or less',
        'item_description_too_long',
      ],
    ] as const;
    const fresh = await registerUser(app);
    const freshTeam = (await createTeam(app, fresh)).uuid;
    for (const [payload, detail, message] of cases) {
      const response = await call('POST', '/items/', payload, fresh, freshTeam);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const field = detail.slice(0, detail.indexOf(':'));
      expect(response.json()).toEqual({ detail, code: 'validation', params: { field, message } });
    }
    expect((await call('GET', '/items/', undefined, fresh, freshTeam)).json()).toEqual([]);

    const item = (await call('POST', '/items/', { name: 'Keep me' }, fresh, freshTeam)).json();
    const bad = await call('PATCH', `/items/${item.uuid}`, { name: '' }, fresh, freshTeam);
    expect(bad.statusCode).toBe(422);
    expect((await call('GET', `/items/${item.uuid}`, undefined, fresh, freshTeam)).json().name).toBe(
      'Keep me',
    );
  });

  it('lists newest first in keyset pages of `limit`, with X-Next-Cursor until the last page', async () => {
    const { user, uuid } = await newTeam();
    const names = Array.from({ length: 7 }, (_, i) => `item ${i}`);
    for (const name of names) await call('POST', '/items', { name }, user, uuid);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await call(
        'GET',
        `/items/?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        user,
        uuid,
      );
      expect(response.statusCode).toBe(200);
      const page = response.json() as { name: string }[];
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((item) => item.name));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...names].reverse());

    const whole = await call('GET', '/items/', undefined, user, uuid);
    expect(whole.headers['x-next-cursor']).toBeUndefined();
    expect(whole.json()).toHaveLength(7);
  });

  it('answers 422 for a limit outside 1-100 or a cursor it did not make', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=not-a-cursor']) {
      const response = await call('GET', `/items/?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail).toMatch(/^querystring\.(limit|cursor): /);
    }
  });

  it('keeps another team’s items out of reach: 404 on read, edit and delete, and the item unchanged', async () => {
    const other = await newTeam();
    const theirs = (await call('POST', '/items/', { name: 'Secret' }, other.user, other.uuid)).json();

    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await call(
        method,
        `/items/${theirs.uuid}`,
        method === 'PATCH' ? { name: 'Hacked' } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ detail: 'Item not found', code: 'item_not_found' });
    }
    expect((await call('GET', '/items/')).json().map((item: { uuid: string }) => item.uuid)).not.toContain(
      theirs.uuid,
    );
    const still = await call('GET', `/items/${theirs.uuid}`, undefined, other.user, other.uuid);
    expect(still.json()).toEqual(theirs);
  });

  it('answers 404 for an id that is not a uuid', async () => {
    expect((await call('GET', '/items/not-a-uuid')).statusCode).toBe(404);
    expect((await call('PATCH', '/items/not-a-uuid', { name: 'x' })).statusCode).toBe(404);
  });

  it('goes with its team when the team is deleted', async () => {
    const { user, uuid } = await newTeam();
    const item = (await call('POST', '/items/', { name: 'Doomed' }, user, uuid)).json();
    expect((await call('DELETE', '/tenant', undefined, user, uuid)).statusCode).toBe(204);
    const { items } = await import('../../db/schema/items.ts');
    const { eq } = await import('drizzle-orm');
    expect(await app.database.db.select().from(items).where(eq(items.uuid, item.uuid))).toEqual([]);
  });
});

describe("an item's entries in the team's log", () => {
  const entriesOf = (tenant: string) =>
    app.database.db
      .select({ actorId: activityLog.actorId, action: activityLog.action, details: activityLog.details })
      .from(activityLog)
      .where(eq(activityLog.tenantId, tenant))
      .orderBy(asc(activityLog.createdAt));
  const itemEntries = async (tenant: string) =>
    (await entriesOf(tenant)).filter((entry) => entry.action.startsWith('item.'));
  const userIdOf = async (as: { access_token: string }, tenant: string) =>
    (await call('GET', '/auth/me', undefined, as, tenant)).json().uuid as string;

  // On PostgreSQL the create, the change and the deletion run in withTenantStatement, which refuses a second
  // statement (db/tenant-scope.test.ts); PGlite's scope does not, so the statements are counted here.
  it.skipIf(process.env.DATABASE_URL)(
    "writes each in the change's own statement: a create, a change and a deletion are one statement each",
    async () => {
      if (app.database.kind !== 'pglite') throw new Error('PGlite only');
      const { user, uuid } = await newTeam();
      // A plan without an item limit: the create is the one statement of the hottest write (docs/decisions/016).
      await subscribeLocally(app, user, uuid, 'business');
      const sent: string[] = [];
      const counted = drizzle({
        client: app.database.client,
        schema,
        logger: { logQuery: (query) => sent.push(query) },
      }) as unknown as Db;
      const userId = await userIdOf(user, uuid);
      const ctx = asMember(uuid, userId);
      /** What `run` sends inside its tenant scope, the scope's own set_config aside. */
      const statementsOf = async (run: () => Promise<unknown>) => {
        sent.length = 0;
        await run();
        return sent.filter((query) => !query.includes('set_config'));
      };
      // Each part reads only the one before it: the write, the entry of it, the logged entry, the deliveries that
      // fan out from the logged entry; then the item (docs/decisions/029).
      const oneWrite = (write: string) => [
        expect.stringMatching(
          new RegExp(
            [
              `^with "item" as \\(${write} .*`,
              `"entry" as \\(select .* from "item"\\), `,
              `"logged" as \\(insert into "activity_log" .* from "entry"\\s.*`,
              `"queued" as \\(insert into "webhook_deliveries" .* from "logged" join "webhook_endpoints" .*\\) `,
              `select "uuid", "name", "description", "created_at", "updated_at" from "item"$`,
            ].join(''),
            's',
          ),
        ),
      ];

      let item: { uuid: string } | undefined;
      expect(
        await statementsOf(async () => {
          item = await service.createItem(counted, ctx, { name: 'Counted' });
        }),
      ).toEqual(oneWrite('insert into "items"'));
      const id = item!.uuid;
      expect(await statementsOf(() => service.updateItem(counted, ctx, id, { name: 'Recounted' }))).toEqual(
        oneWrite('update "items"'),
      );
      expect(await statementsOf(() => service.deleteItem(counted, ctx, id))).toEqual(
        oneWrite('delete from "items"'),
      );
      expect(await itemEntries(uuid)).toEqual([
        { actorId: userId, action: 'item.created', details: { item: id, name: 'Counted' } },
        { actorId: userId, action: 'item.updated', details: { item: id, name: 'Recounted' } },
        { actorId: userId, action: 'item.deleted', details: { item: id, name: 'Recounted' } },
      ]);
    },
  );

  it('names the creator for a create and the caller for a change and a deletion, on either kind of plan', async () => {
    // The free plan limits items (the create counts under the team's lock); Business does not (one statement).
    for (const plan of ['free', 'business']) {
      const { user, uuid } = await newTeam();
      if (plan !== 'free') await subscribeLocally(app, user, uuid, plan);
      const other = await joinTeam(app, user, uuid, 'member');
      const userId = await userIdOf(user, uuid);
      const created = (await call('POST', '/items/', { name: 'Logged' }, other, uuid)).json();
      const patched = await call('PATCH', `/items/${created.uuid}`, { name: 'Logged 2' }, user, uuid);
      expect(patched.statusCode).toBe(200);
      expect((await call('DELETE', `/items/${created.uuid}`, undefined, other, uuid)).statusCode).toBe(204);
      const details = (name: string) => ({ item: created.uuid, name });
      expect(await itemEntries(uuid), plan).toEqual([
        { actorId: other.user_uuid, action: 'item.created', details: details('Logged') },
        { actorId: userId, action: 'item.updated', details: details('Logged 2') },
        { actorId: other.user_uuid, action: 'item.deleted', details: details('Logged 2') },
      ]);
    }
  });

  it('makes no change whose entry cannot be written, and logs nothing of it', async () => {
    const { user, uuid } = await newTeam();
    const item = (await call('POST', '/items/', { name: 'Kept' }, user, uuid)).json();
    const before = await entriesOf(uuid);
    // An actor that is no account: the entry's foreign key refuses it, after the item's row has changed.
    const ctx = asMember(uuid, randomUUID());
    const { db } = app.database;
    await expect(service.updateItem(db, ctx, item.uuid, { name: 'Changed' })).rejects.toThrow();
    await expect(service.deleteItem(db, ctx, item.uuid)).rejects.toThrow();
    expect((await call('GET', `/items/${item.uuid}`, undefined, user, uuid)).json()).toEqual(item);
    expect(await entriesOf(uuid)).toEqual(before);
  });
});
