// Every query the app runs is served by an index: drive each endpoint against a seeded database, record the SQL
// it sent, and EXPLAIN each statement with sequential scans and sorts switched off. A plan that still scans a table
// sequentially has no index to find its rows, and one that still sorts has no index to read them in order (a page
// would cost every row of the tenant); either way its cost would grow with the data.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import { recordOperatorAction } from '../modules/super-admin/super-admin.service.ts';
import { bearer, createTestDatabase, inTenant, testConfig, type TestDatabase } from '../../test/helpers.ts';
import type { Db } from './client.ts';
import * as schema from './schema/index.ts';
import { SEED_PASSWORD, seedDatabase, seedUserEmail } from './seed.ts';

const SUPER_ADMIN = seedUserEmail(2);
/** Read whole by design: the plans (four rows), and the sign-ups' days (a row per day since launch, summed). */
const SMALL_TABLES = new Set(['plans', 'signups_by_day']);

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
});
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
    await database.client.query('set enable_sort = off');
    const result = await database.client.query<{ 'QUERY PLAN': unknown }>(statement, params);
    return result.rows[0]!['QUERY PLAN'];
  }
  const client = await database.pool.connect();
  try {
    await client.query('set enable_seqscan = off');
    await client.query('set enable_sort = off');
    const result = await client.query(statement, params);
    return result.rows[0]['QUERY PLAN'];
  } finally {
    await client.query('reset enable_seqscan');
    await client.query('reset enable_sort');
    client.release();
  }
}

/** The plan nodes that read or order rows without an index: sequential scans and sorts (of more than a small table). */
function unindexed(plan: unknown): string[] {
  const found: string[] = [];
  const relations = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      if (typeof node['Relation Name'] === 'string') relations.add(node['Relation Name']);
      if (node['Node Type'] === 'Seq Scan' && !SMALL_TABLES.has(String(node['Relation Name']))) {
        found.push(`Seq Scan on ${String(node['Relation Name'])}`);
      }
      if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
        found.push(`Sort by ${String(node['Sort Key'])}`);
      }
      Object.values(node).forEach(visit);
    }
  };
  visit(plan);
  return [...relations].every((relation) => SMALL_TABLES.has(relation)) ? [] : found;
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
    // The owner's sessions: this one and one more, listed a page at a time, then ended.
    await signIn(seedUserEmail(1));
    const ownSessions = await app.inject({ url: '/api/auth/sessions?limit=1', headers: bearer(owner) });
    const next = ownSessions.headers['x-next-cursor'];
    const later = await app.inject({
      url: `/api/auth/sessions?limit=1&cursor=${next}`,
      headers: bearer(owner),
    });
    const other = [...ownSessions.json(), ...later.json()].find((session) => !session.current);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(204);
    await app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: bearer(owner) });
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
    await call('GET', '/api/payments/plans');
    await call('GET', '/api/payments/subscription');
    const invoices = await call('GET', '/api/payments/invoices?limit=5');
    await call('GET', `/api/payments/invoices?limit=5&cursor=${invoices.headers['x-next-cursor']}`);
    await call('GET', `/api/payments/invoices/${invoices.json()[0].id}/download`);
    const someone = members.json()[1].user_uuid as string;
    await call('PATCH', '/api/members/role', { user_uuid: someone, new_role: 'admin' });
    await call('DELETE', '/api/members', { user_uuid: someone });
    const operator = async (url: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/super-admin${url}`,
        headers: bearer(admin),
      });
      expect(response.statusCode, url).toBe(200);
      return response;
    };
    for (const url of ['/tenants?limit=5', '/tenants?q=team%2010', `/tenants/${team}`, '/feedback?limit=5']) {
      await operator(url);
    }
    await operator('/metrics');
    const users = await operator('/users?limit=5');
    await operator(`/users?limit=5&cursor=${users.headers['x-next-cursor']}`);
    await operator('/users?q=bench-1%40');
    await operator(`/users/${users.json()[0].uuid}`);
    for (const action of ['user.suspended', 'user.unsuspended'] as const) {
      await recordOperatorAction(app.database.db, {
        operatorId: users.json()[0].uuid,
        operatorEmail: SUPER_ADMIN,
        action,
        targetUserId: users.json()[1].uuid,
        targetEmail: users.json()[1].email,
      });
    }
    const audit = await operator('/audit?limit=1');
    await operator(`/audit?limit=1&cursor=${audit.headers['x-next-cursor']}`);
    recording = false;

    expect(recorded.size).toBeGreaterThan(15);
    const offenders: string[] = [];
    for (const [query, params] of recorded) {
      const scans = unindexed(await explain(query, params));
      if (scans.length > 0) offenders.push(`${scans.join(', ')}: ${query}`);
    }
    expect(offenders).toEqual([]);
  });
});
