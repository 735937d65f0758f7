// Items: CRUD for any member, validation, newest first, keyset pages, and another team's items out of reach.
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
    expect(gone.json()).toEqual({ detail: 'Item not found', code: 'not_found' });
  });

  it('rejects a blank or too long name and a too long description with 422, storing nothing', async () => {
    const cases = [
      [{ name: '   ' }, 'body.name: Name is required'],
      [{}, 'body.name: Name is required'],
      [{ name: 'x'.repeat(201) }, 'body.name: Name must be 200 characters or less'],
      [
        { name: 'ok', description: 'x'.repeat(2001) },
        'body.description: Description must be 2000 characters or less',
      ],
    ] as const;
    const fresh = await registerUser(app);
    const freshTeam = (await createTeam(app, fresh)).uuid;
    for (const [payload, detail] of cases) {
      const response = await call('POST', '/items/', payload, fresh, freshTeam);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ detail, code: 'validation' });
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
      expect(response.json()).toEqual({ detail: 'Item not found', code: 'not_found' });
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
