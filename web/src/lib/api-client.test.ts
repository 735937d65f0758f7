import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-error';
import { getSession, loadSession } from '@/lib/session/session-store';
import { storage } from '@/lib/storage';
import { countRefreshes, echoHeaders } from '@/testing/api-client-mocks';
import { accessTokenFor } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';

import { apiFetch, apiFetchPage, publicFetch } from './api-client';

const LOGIN = { email: 'ada@example.com', password: 'correct horse battery' };

describe('apiFetch headers', () => {
  it('sends no Authorization or X-TENANT-UUID when nothing is stored', async () => {
    echoHeaders('/auth/me');
    expect(await apiFetch('getMe')).toEqual({
      authorization: null,
      tenant: null,
      accept: 'application/json',
    });
  });

  it('sends the stored token and the tenant a tenant-scoped call names', async () => {
    storage.set('accessToken', 'token-1');
    echoHeaders('/items/');
    expect(await apiFetch('listItems', { tenantUuid: 'tenant-1' })).toMatchObject({
      authorization: 'Bearer token-1',
      tenant: 'tenant-1',
    });
  });

  it('sends the tenant a call names instead of the selected one', async () => {
    storage.set('accessToken', 'token-1');
    storage.set('selectedTenantUuid', 'tenant-1');
    echoHeaders('/members');
    expect(await apiFetch('listMembers', { tenantUuid: 'tenant-2' })).toMatchObject({ tenant: 'tenant-2' });
  });

  it('sends the token but never the tenant on an auth path', async () => {
    storage.set('accessToken', 'token-1');
    storage.set('selectedTenantUuid', 'tenant-1');
    echoHeaders('/auth/me');
    expect(await apiFetch('getMe')).toMatchObject({ authorization: 'Bearer token-1', tenant: null });
  });

  it('sends no tenant on a call that names none, whichever team is selected', async () => {
    storage.set('accessToken', 'token-1');
    storage.set('selectedTenantUuid', 'tenant-1');
    echoHeaders('/payments/plans');
    expect(await apiFetch('listPlans')).toMatchObject({
      authorization: 'Bearer token-1',
      tenant: null,
    });
    server.use(
      http.get('/api/tenants', ({ request }) => HttpResponse.json([request.headers.get('X-TENANT-UUID')])),
    );
    expect(await apiFetchPage('listTenants')).toEqual({ items: [null], nextCursor: null });
  });

  it('sends a JSON body with its method', async () => {
    server.use(
      http.patch('/api/items/1', async ({ request }) =>
        HttpResponse.json({ type: request.headers.get('Content-Type'), body: await request.json() }),
      ),
    );
    expect(
      await apiFetch('updateItem', { params: { id: '1' }, body: { name: 'Tile' }, tenantUuid: 't' }),
    ).toEqual({
      type: 'application/json',
      body: { name: 'Tile' },
    });
  });
});

describe('apiFetch answers', () => {
  it('returns undefined for a 204', async () => {
    server.use(http.delete('/api/items/1', () => new HttpResponse(null, { status: 204 })));
    expect(await apiFetch('deleteItem', { params: { id: '1' }, tenantUuid: 't' })).toBeUndefined();
  });

  it("throws the body's detail as the error message", async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ detail: 'Invalid credentials' }, { status: 401 }),
      ),
    );
    const error = await publicFetch('login', { body: LOGIN }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      detail: 'Invalid credentials',
      message: 'Invalid credentials',
    });
  });

  it('falls back to the status when the error body is not JSON', async () => {
    server.use(http.get('/api/items/', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await apiFetch('listItems', { tenantUuid: 't' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, detail: undefined, message: 'HTTP error! status: 502' });
  });

  it('falls back to the status when the JSON error body has no detail string', async () => {
    server.use(
      http.get('/api/items/', () => HttpResponse.json({ detail: [{ msg: 'bad' }] }, { status: 422 })),
    );
    await expect(apiFetch('listItems', { tenantUuid: 't' })).rejects.toMatchObject({
      detail: undefined,
      message: 'HTTP error! status: 422',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    server.use(http.get('/api/items/', () => HttpResponse.error()));
    const error = await apiFetch('listItems', { tenantUuid: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, detail: undefined });
  });

  it('lets a cancelled request reject as an AbortError', async () => {
    server.use(http.get('/api/items/', () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const request = apiFetch('listItems', { tenantUuid: 't', signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiFetchPage', () => {
  it('returns the page and the X-Next-Cursor header, sending the cursor and query back', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/api/super-admin/tenants', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json(['a', 'b'], { headers: { 'X-Next-Cursor': 'next-2' } });
      }),
    );
    expect(await apiFetchPage('adminListTenants', { query: { q: 'acme & co', limit: 2 } })).toEqual({
      items: ['a', 'b'],
      nextCursor: 'next-2',
    });
    await apiFetchPage('adminListTenants', { cursor: 'next-2', query: { q: '' } });
    expect(seen).toEqual(['?q=acme+%26+co&limit=2', '?cursor=next-2']);
  });

  it('says there is no next page when the header is missing', async () => {
    server.use(http.get('/api/items/', () => HttpResponse.json(['last'])));
    expect(await apiFetchPage('listItems', { tenantUuid: 't' })).toEqual({
      items: ['last'],
      nextCursor: null,
    });
  });

  it('sends the tenant and token, and refreshes on a 401, like apiFetch', async () => {
    storage.set('accessToken', accessTokenFor());
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    server.use(
      http.get('/api/members', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-2'
          ? HttpResponse.json([request.headers.get('X-TENANT-UUID')], { headers: { 'X-Next-Cursor': 'c' } })
          : HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
    );
    expect(await apiFetchPage('listMembers', { tenantUuid: 'tenant-2' })).toEqual({
      items: ['tenant-2'],
      nextCursor: 'c',
    });
    expect(refreshes.count).toBe(1);
  });

  it("throws the body's detail", async () => {
    server.use(
      http.get('/api/super-admin/feedback', () =>
        HttpResponse.json({ detail: 'Forbidden' }, { status: 403 }),
      ),
    );
    await expect(apiFetchPage('adminListFeedback')).rejects.toMatchObject({
      status: 403,
      detail: 'Forbidden',
    });
  });
});

describe('publicFetch', () => {
  it('sends no token, and no tenant, even when tokens and a team are stored', async () => {
    storage.set('accessToken', accessTokenFor());
    storage.set('refreshToken', 'refresh-1');
    storage.set('selectedTenantUuid', 'tenant-1');
    echoHeaders('/invitations/tok-1/accept');
    expect(await publicFetch('acceptInvitation', { params: { token: 'tok-1' } })).toEqual({
      authorization: null,
      tenant: null,
      accept: 'application/json',
    });
  });
});

describe('publicFetch on a public auth path', () => {
  it('sends no token and does not refresh on a 401: that 401 is the answer', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    let authorization: string | null = 'unset';
    server.use(
      http.post('/api/auth/login', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ detail: 'Invalid email or password' }, { status: 401 });
      }),
    );
    await expect(publicFetch('login', { body: LOGIN })).rejects.toMatchObject({
      detail: 'Invalid email or password',
    });
    expect(authorization).toBeNull();
    expect(refreshes.count).toBe(0);
    expect(storage.get('refreshToken')).toBe('refresh-1');
  });
});

describe('publicFetch on the public settings', () => {
  it('sends no token and does not refresh, even when an expired token is stored', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', -60));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/config');

    expect(await publicFetch('getPublicConfig')).toMatchObject({ authorization: null });
    expect(refreshes.count).toBe(0);
    expect(storage.get('refreshToken')).toBe('refresh-1');
  });

  it('leaves the session alone on a 401', async () => {
    loadSession();
    storage.set('accessToken', accessTokenFor());
    storage.set('refreshToken', 'refresh-1');
    storage.set('userEmail', 'ada@example.com');
    const refreshes = countRefreshes();
    server.use(http.get('/api/config', () => HttpResponse.json({ detail: 'Nope' }, { status: 401 })));

    await expect(publicFetch('getPublicConfig')).rejects.toMatchObject({ status: 401, detail: 'Nope' });
    expect(refreshes.count).toBe(0);
    expect(storage.get('refreshToken')).toBe('refresh-1');
    expect(getSession()).toMatchObject({ status: 'authenticated' });
  });
});
