// Every tenant endpoint × every kind of caller → the status the CONTRACT's role table gives. A route added under
// /api without its checks fails the last test here.
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
import { listRoutes } from '../../../test/routes.ts';

type Caller = 'owner' | 'admin' | 'member' | 'outsider' | 'signed out';

let app: TestApp;
const tokens = {} as Record<Exclude<Caller, 'signed out'>, string>;
let tenantUuid: string;
let targetUuid: string;
let itemUuid: string;

beforeAll(async () => {
  app = await buildTestApp();
  const owner = await registerUser(app);
  tenantUuid = (await createTeam(app, owner)).uuid;
  tokens.owner = owner.access_token;
  tokens.admin = (await joinTeam(app, owner, tenantUuid, 'admin')).access_token;
  tokens.member = (await joinTeam(app, owner, tenantUuid, 'member')).access_token;
  const outsider = await registerUser(app);
  await createTeam(app, outsider, 'Elsewhere');
  tokens.outsider = outsider.access_token;
});
afterAll(() => app.close());

type Endpoint = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: () => object };

// A fresh member to act on for each call that changes someone, so calls do not depend on each other.
async function freshTarget() {
  targetUuid = (await joinTeam(app, { access_token: tokens.owner }, tenantUuid, 'member')).user_uuid;
  return targetUuid;
}

// A fresh item for each call on /items/:id, made by the owner: every member may read, edit and delete it.
async function freshItem() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/items/',
    headers: inTenant(tokens.owner, tenantUuid),
    payload: { name: 'Target' },
  });
  itemUuid = response.json().uuid;
}

const everyone: Caller[] = ['owner', 'admin', 'member'];
const endpoints: (Endpoint & { allowed: Caller[]; success: number; needsTarget?: boolean })[] = [
  { method: 'GET', url: '/api/tenant', allowed: ['owner', 'admin', 'member'], success: 200 },
  {
    method: 'PUT',
    url: '/api/tenant',
    body: () => ({ name: 'Acme' }),
    allowed: ['owner', 'admin'],
    success: 200,
  },
  { method: 'GET', url: '/api/members', allowed: ['owner', 'admin', 'member'], success: 200 },
  {
    method: 'POST',
    url: '/api/invite',
    body: () => ({ email: `invitee-${Math.random().toString(36).slice(2)}@example.com`, role: 'member' }),
    allowed: ['owner', 'admin'],
    success: 201,
  },
  {
    method: 'PATCH',
    url: '/api/members/role',
    body: () => ({ user_uuid: targetUuid, new_role: 'admin' }),
    allowed: ['owner', 'admin'],
    success: 200,
    needsTarget: true,
  },
  {
    method: 'DELETE',
    url: '/api/members',
    body: () => ({ user_uuid: targetUuid }),
    allowed: ['owner', 'admin'],
    success: 204,
    needsTarget: true,
  },
  { method: 'GET', url: '/api/items/', allowed: everyone, success: 200 },
  { method: 'POST', url: '/api/items/', body: () => ({ name: 'New' }), allowed: everyone, success: 201 },
  { method: 'GET', url: '/api/items/:id', allowed: everyone, success: 200 },
  {
    method: 'PATCH',
    url: '/api/items/:id',
    body: () => ({ name: 'Renamed' }),
    allowed: everyone,
    success: 200,
  },
  { method: 'DELETE', url: '/api/items/:id', allowed: everyone, success: 204 },
  {
    method: 'POST',
    url: '/api/feedback/',
    body: () => ({ message: 'Nice', route: '/dashboard' }),
    allowed: everyone,
    success: 201,
  },
  // Billing. The team has no subscription, so calls that need one answer 404 to whoever the role gate lets through.
  { method: 'GET', url: '/api/payments/subscription', allowed: everyone, success: 404 },
  { method: 'GET', url: '/api/payments/invoices', allowed: everyone, success: 200 },
  { method: 'GET', url: '/api/payments/invoices/:id/download', allowed: ['owner', 'admin'], success: 404 },
  {
    method: 'POST',
    url: '/api/payments/checkout',
    body: () => ({ plan_id: 'pro' }),
    allowed: ['owner', 'admin'],
    success: 200,
  },
  { method: 'POST', url: '/api/payments/portal', allowed: ['owner', 'admin'], success: 404 },
  {
    method: 'POST',
    url: '/api/payments/local/portal/change-plan',
    body: () => ({ plan_id: 'business', billing_interval: 'annual' }),
    allowed: ['owner', 'admin'],
    success: 404,
  },
  { method: 'POST', url: '/api/payments/local/portal/cancel', allowed: ['owner', 'admin'], success: 404 },
  { method: 'POST', url: '/api/payments/local/portal/resume', allowed: ['owner', 'admin'], success: 404 },
];

/** The concrete URL of an endpoint: `:id` becomes a fresh item of the team. */
async function urlOf(endpoint: Endpoint) {
  if (!endpoint.url.includes(':id')) return endpoint.url;
  await freshItem();
  return endpoint.url.replace(':id', itemUuid);
}

const callers: Caller[] = ['owner', 'admin', 'member', 'outsider', 'signed out'];

describe('authorization of tenant endpoints', () => {
  for (const endpoint of endpoints) {
    for (const caller of callers) {
      const expected =
        caller === 'signed out'
          ? 401
          : caller === 'outsider'
            ? 403
            : endpoint.allowed.includes(caller)
              ? endpoint.success
              : 403;
      it(`${endpoint.method} ${endpoint.url} as ${caller} → ${expected}`, async () => {
        if (endpoint.needsTarget) await freshTarget();
        const headers =
          caller === 'signed out' ? { 'x-tenant-uuid': tenantUuid } : inTenant(tokens[caller], tenantUuid);
        const response = await app.inject({
          method: endpoint.method,
          url: await urlOf(endpoint),
          headers,
          payload: endpoint.body?.(),
        });
        expect(response.statusCode, response.body).toBe(expected);
        if (expected >= 400) expect(response.json()).toEqual({ detail: expect.any(String) });
      });
    }
    it(`${endpoint.method} ${endpoint.url} without X-TENANT-UUID → 400`, async () => {
      const response = await app.inject({
        method: endpoint.method,
        url: await urlOf(endpoint),
        headers: bearer(tokens.owner),
        payload: endpoint.body?.(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'X-TENANT-UUID header is required' });
    });
    it(`${endpoint.method} ${endpoint.url} answers the same 403 for an unknown team and someone else's`, async () => {
      const url = await urlOf(endpoint);
      const unknown = await app.inject({
        method: endpoint.method,
        url,
        headers: inTenant(tokens.outsider, '00000000-0000-4000-8000-000000000000'),
        payload: endpoint.body?.(),
      });
      const foreign = await app.inject({
        method: endpoint.method,
        url,
        headers: inTenant(tokens.outsider, tenantUuid),
        payload: endpoint.body?.(),
      });
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual(foreign.json());
    });
  }

  it('owner-only: DELETE /tenant and transfer-ownership refuse admins and members', async () => {
    for (const caller of ['admin', 'member'] as const) {
      for (const [method, url, payload] of [
        ['DELETE', '/api/tenant', undefined],
        ['POST', '/api/tenant/transfer-ownership', { user_uuid: await freshTarget() }],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers: inTenant(tokens[caller], tenantUuid),
          payload,
        });
        expect(response.statusCode, `${method} ${url} as ${caller}`).toBe(403);
      }
    }
  });

  it('covers every tenant-scoped route', () => {
    // Routes ignore a trailing slash, so /api/items/ is printed as /api/items.
    const covered = new Set([
      ...endpoints.map((e) => `${e.method} ${e.url.replace(/\/$/, '')}`),
      'DELETE /api/tenant',
      'POST /api/tenant/transfer-ownership',
    ]);
    const scoped = listRoutes(app.printRoutes({ commonPrefix: false })).filter(([, url]) =>
      isTenantScoped(url),
    );
    expect(scoped.length).toBeGreaterThanOrEqual(8);
    for (const [method, url] of scoped)
      expect(covered, `${method} ${url} has no authorization test`).toContain(`${method} ${url}`);
  });
});

/** CONTRACT section 3: the endpoints that need X-TENANT-UUID. */
function isTenantScoped(url: string) {
  // The local checkout page is authorized by its session's team, a PDF link by its token (payments tests).
  const unscoped = ['/api/payments/plans', '/api/payments/webhook', '/api/payments/local/checkout/', '/pdf'];
  if (unscoped.some((part) => url.startsWith(part) || url.endsWith(part))) return false;
  return ['/api/tenant', '/api/members', '/api/invite', '/api/items', '/api/feedback', '/api/payments'].some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`),
  );
}
