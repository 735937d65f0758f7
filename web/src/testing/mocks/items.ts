/**
 * An in-memory items API (docs/spec.md section 7, docs/contract.md section 3) for web tests: per team (X-TENANT-UUID), newest
 * first, paginated with `limit` and `X-Next-Cursor` as the server does. Every call is recorded.
 */
import type { ErrorBody, Item } from '@app/contract';
import { HttpResponse } from 'msw';

import { mockEndpoint } from './endpoint';
import { ACME_UUID } from './handlers';
import { server } from './server';

type Call = { method: string; path: string; search: string; tenant: string | null; body: unknown };

/** An item named `name`; `n` orders them (a higher n is newer) and makes the uuid. */
export const item = (name: string, n: number, description: string | null = null): Item => ({
  uuid: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`,
  name,
  description,
  created_at: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
  updated_at: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
});

/** `pageSize` stands in for the server's default limit (100), so a test can reach a second page cheaply. */
export function fakeItems(initial: Record<string, Item[]> = { [ACME_UUID]: [] }, { pageSize = 100 } = {}) {
  // Newest first, like the server's list.
  const teams = new Map(
    Object.entries(initial).map(([tenant, items]) => [
      tenant,
      // Copies: a test's changes stay in this fake.
      items.map((entry) => ({ ...entry })).sort((a, b) => b.created_at.localeCompare(a.created_at)),
    ]),
  );
  const calls: Call[] = [];
  let created = 1000;

  const record = async (request: Request) => {
    const url = new URL(request.url);
    const call = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      tenant: request.headers.get('X-TENANT-UUID'),
      body: request.body ? await request.clone().json() : undefined,
    };
    calls.push(call);
    return call;
  };
  const notFound = () =>
    HttpResponse.json<ErrorBody>({ detail: 'Item not found', code: 'item_not_found' }, { status: 404 });

  server.use(
    mockEndpoint('listItems', async ({ request }) => {
      const { tenant } = await record(request);
      const items = teams.get(tenant ?? '') ?? [];
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? pageSize);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = items.slice(start, start + limit);
      const headers: Record<string, string> = {};
      if (start + limit < items.length) headers['X-Next-Cursor'] = String(start + limit);
      return HttpResponse.json(page, { headers });
    }),
    mockEndpoint('createItem', async ({ request }) => {
      const { tenant, body } = await record(request);
      const { name, description } = body as { name: string; description?: string | null };
      created += 1;
      const made = item(name, created, description ?? null);
      teams.set(tenant!, [made, ...(teams.get(tenant!) ?? [])]);
      return HttpResponse.json(made, { status: 201 });
    }),
    mockEndpoint('updateItem', async ({ request, params }) => {
      const { tenant, body } = await record(request);
      const items = teams.get(tenant!) ?? [];
      const found = items.find(({ uuid }) => uuid === params.id);
      if (!found) return notFound();
      Object.assign(found, body);
      return HttpResponse.json(found);
    }),
    mockEndpoint('deleteItem', async ({ request, params }) => {
      const { tenant } = await record(request);
      const items = teams.get(tenant!) ?? [];
      if (!items.some(({ uuid }) => uuid === params.id)) return notFound();
      teams.set(
        tenant!,
        items.filter(({ uuid }) => uuid !== params.id),
      );
      return new HttpResponse(null, { status: 204 });
    }),
  );

  return {
    teams,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
