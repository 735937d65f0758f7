// Every query the app runs is served by an index: drive each endpoint against a seeded database, record the SQL
// it sent, and EXPLAIN each statement with sequential scans switched off. A plan that still scans a table
// sequentially has no index to use, and its cost would grow with the data.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import { bearer, createTestDatabase, inTenant, testConfig, type TestDatabase } from '../../test/helpers.ts';
import type { Db } from './client.ts';
import * as schema from './schema/index.ts';
import { SEED_PASSWORD, seedDatabase, seedUserEmail } from './seed.ts';

const SUPER_ADMIN = seedUserEmail(2);
/** Read whole by design: three rows. */
const SMALL_TABLES = new Set(['plans']);

const recorded = new Map<string, unknown[]>();
let recording = false;
const logger: Logger = {
  logQuery(query, params) {
    if (recording && /^\s*(select|insert|update|delete|with)\b/i.test(query) && !/set_config\(/.test(query)) {
      recorded.set(query, params);
    }
  },
};

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = (database.kind === 'pglite'
    ? drizzlePglite({ client: database.client, schema, logger })
    : drizzlePg({ client: database.pool, schema, logger })) as unknown as Db;
  await seedDatabase(db, 0.02);
  app = await buildApp({
    config: testConfig({ SUPER_ADMIN_EMAILS: SUPER_ADMIN }),
    database: { ...database, db },
    webDir: null,
  });
}, 60_000);
afterAll(async () => {
  await app.close();
  await database.drop();
});

async function signIn(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: SEED_PASSWORD },
  });
  return response.json().access_token as string;
}

/** The plan of one statement as PostgreSQL would run it with no sequential scan it could avoid. */
async function explain(query: string, params: unknown[]): Promise<unknown> {
  const statement = `explain (format json) ${query}`;
  if (database.kind === 'pglite') {
    await database.client.query('set enable_seqscan = off');
    const result = await database.client.query<{ 'QUERY PLAN': unknown }>(statement, params);
    return result.rows[0]!['QUERY PLAN'];
  }
  const client = await database.pool.connect();
  try {
    await client.query('set enable_seqscan = off');
    const result = await client.query(statement, params);
    return result.rows[0]['QUERY PLAN'];
  } finally {
    await client.query('reset enable_seqscan');
    client.release();
  }
}

function sequentialScans(plan: unknown, found: string[] = []): string[] {
  if (Array.isArray(plan)) plan.forEach((node) => sequentialScans(node, found));
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (node['Node Type'] === 'Seq Scan' && !SMALL_TABLES.has(String(node['Relation Name']))) {
      found.push(String(node['Relation Name']));
    }
    for (const value of Object.values(node)) if (typeof value === 'object') sequentialScans(value, found);
  }
  return found;
}

describe('query plans on a seeded database', () => {
  it('serves every statement of every endpoint from an index', async () => {
    const owner = await signIn(seedUserEmail(1));
    const admin = await signIn(SUPER_ADMIN);
    recording = true;

    const tenants = await app.inject({ method: 'GET', url: '/api/tenants', headers: bearer(owner) });
    const team = tenants.json()[0].uuid as string;
    const scoped = inTenant(owner, team);
    const call = async (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
    ) => {
      const response = await app.inject({ method, url, headers: scoped, payload });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(400);
      return response;
    };

    await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(owner) });
    await call('GET', '/api/tenant');
    await call('PUT', '/api/tenant', { name: 'Bench team renamed' });
    const members = await call('GET', '/api/members?limit=2');
    await call('GET', `/api/members?limit=2&cursor=${members.headers['x-next-cursor']}`);
    await call('POST', '/api/invite', { email: 'plan-check@example.com', role: 'member' });
    const page = await call('GET', '/api/items/?limit=5');
    await call('GET', `/api/items/?limit=5&cursor=${page.headers['x-next-cursor']}`);
    const item = (await call('POST', '/api/items/', { name: 'Planned' })).json();
    await call('GET', `/api/items/${item.uuid}`);
    await call('PATCH', `/api/items/${item.uuid}`, { name: 'Replanned' });
    await call('DELETE', `/api/items/${item.uuid}`);
    await call('POST', '/api/feedback/', { message: 'Fast', route: '/items' });
    const someone = members.json()[1].user_uuid as string;
    await call('PATCH', '/api/members/role', { user_uuid: someone, new_role: 'admin' });
    await call('DELETE', '/api/members', { user_uuid: someone });
    for (const url of ['/tenants?limit=5', '/tenants?q=team%2010', `/tenants/${team}`, '/feedback?limit=5']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/super-admin${url}`,
        headers: bearer(admin),
      });
      expect(response.statusCode, url).toBe(200);
    }
    recording = false;

    expect(recorded.size).toBeGreaterThan(15);
    const offenders: string[] = [];
    for (const [query, params] of recorded) {
      const scans = sequentialScans(await explain(query, params));
      if (scans.length > 0) offenders.push(`${scans.join(', ')}: ${query}`);
    }
    expect(offenders).toEqual([]);
  }, 60_000);
});
