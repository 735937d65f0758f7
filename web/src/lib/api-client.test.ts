import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { getSession, loadSession, readSessionNotice } from '@/lib/session/session-store';
import { storage } from '@/lib/storage';
import { countRefreshes, echoHeaders } from '@/testing/api-client-mocks';
import { accessTokenFor } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';

import { ApiError, apiFetch, apiFetchPage } from './api-client';

describe('apiFetch headers', () => {
  it('sends no Authorization or X-TENANT-UUID when nothing is stored', async () => {
    echoHeaders('/items/');
    expect(await apiFetch('/items/')).toEqual({
      authorization: null,
      tenant: null,
      accept: 'application/json',
    });
  });

  it('sends the stored token and selected tenant on a tenant-scoped path', async () => {
    storage.set('accessToken', 'token-1');
    storage.set('selectedTenantUuid', 'tenant-1');
    echoHeaders('/items/');
    expect(await apiFetch('/items/')).toMatchObject({ authorization: 'Bearer token-1', tenant: 'tenant-1' });
  });

  it('sends the tenant a call names instead of the selected one', async () => {
    storage.set('accessToken', 'token-1');
    storage.set('selectedTenantUuid', 'tenant-1');
    echoHeaders('/members');
    expect(await apiFetch('/members', { tenantUuid: 'tenant-2' })).toMatchObject({ tenant: 'tenant-2' });
  });

  it('sends no token when accepting an invitation, which anyone may do', async () => {
    storage.set('accessToken', 'token-1');
    echoHeaders('/invitations/tok-1/accept');
    expect(await apiFetch('/invitations/tok-1/accept')).toMatchObject({ authorization: null });
  });

  it('sends the token but never the tenant on an auth path', async () => {
    storage.set('accessToken', 'token-1');
    storage.set('selectedTenantUuid', 'tenant-1');
    echoHeaders('/auth/me');
    expect(await apiFetch('/auth/me')).toMatchObject({ authorization: 'Bearer token-1', tenant: null });
  });

  it('sends a JSON body with its method', async () => {
    server.use(
      http.patch('/api/items/1', async ({ request }) =>
        HttpResponse.json({ type: request.headers.get('Content-Type'), body: await request.json() }),
      ),
    );
    expect(await apiFetch('/items/1', { method: 'PATCH', body: { name: 'Tile' } })).toEqual({
      type: 'application/json',
      body: { name: 'Tile' },
    });
  });
});

describe('apiFetch answers', () => {
  it('returns undefined for a 204', async () => {
    server.use(http.delete('/api/items/1', () => new HttpResponse(null, { status: 204 })));
    expect(await apiFetch('/items/1', { method: 'DELETE' })).toBeUndefined();
  });

  it("throws the body's detail as the error message", async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ detail: 'Invalid credentials' }, { status: 401 }),
      ),
    );
    const error = await apiFetch('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      detail: 'Invalid credentials',
      message: 'Invalid credentials',
    });
  });

  it('falls back to the status when the error body is not JSON', async () => {
    server.use(http.get('/api/items/', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await apiFetch('/items/').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, detail: undefined, message: 'HTTP error! status: 502' });
  });

  it('falls back to the status when the JSON error body has no detail string', async () => {
    server.use(
      http.get('/api/items/', () => HttpResponse.json({ detail: [{ msg: 'bad' }] }, { status: 422 })),
    );
    await expect(apiFetch('/items/')).rejects.toMatchObject({
      detail: undefined,
      message: 'HTTP error! status: 422',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    server.use(http.get('/api/items/', () => HttpResponse.error()));
    const error = await apiFetch('/items/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, detail: undefined });
  });

  it('lets a cancelled request reject as an AbortError', async () => {
    server.use(http.get('/api/items/', () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const request = apiFetch('/items/', { signal: controller.signal });
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
    expect(await apiFetchPage('/super-admin/tenants', { query: { q: 'acme & co', limit: 2 } })).toEqual({
      items: ['a', 'b'],
      nextCursor: 'next-2',
    });
    await apiFetchPage('/super-admin/tenants', { cursor: 'next-2', query: { q: '' } });
    expect(seen).toEqual(['?q=acme+%26+co&limit=2', '?cursor=next-2']);
  });

  it('says there is no next page when the header is missing', async () => {
    server.use(http.get('/api/items/', () => HttpResponse.json(['last'])));
    expect(await apiFetchPage('/items/')).toEqual({ items: ['last'], nextCursor: null });
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
    expect(await apiFetchPage('/members', { tenantUuid: 'tenant-2' })).toEqual({
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
    await expect(apiFetchPage('/super-admin/feedback')).rejects.toMatchObject({
      status: 403,
      detail: 'Forbidden',
    });
  });
});

describe('apiFetch on a public auth path', () => {
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
    await expect(apiFetch('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      detail: 'Invalid email or password',
    });
    expect(authorization).toBeNull();
    expect(refreshes.count).toBe(0);
    expect(storage.get('refreshToken')).toBe('refresh-1');
  });
});

describe('apiFetch on the public settings', () => {
  it('sends no token and does not refresh, even when an expired token is stored', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', -60));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/config');

    expect(await apiFetch('/config')).toMatchObject({ authorization: null });
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

    await expect(apiFetch('/config')).rejects.toMatchObject({ status: 401, detail: 'Nope' });
    expect(refreshes.count).toBe(0);
    expect(storage.get('refreshToken')).toBe('refresh-1');
    expect(getSession()).toMatchObject({ status: 'authenticated' });
  });
});

describe('token refresh', () => {
  it('refreshes first when the access token has under 300 s left, then calls with the new token', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 299));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/items/');

    expect(await apiFetch('/items/')).toMatchObject({ authorization: 'Bearer access-2' });
    expect(refreshes.bodies).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(storage.get('accessToken')).toBe('access-2');
    expect(storage.get('refreshToken')).toBe('refresh-2');
  });

  it('does the same for /auth/me, which needs a valid token too', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 60));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/auth/me');

    expect(await apiFetch('/auth/me')).toMatchObject({ authorization: 'Bearer access-2' });
    expect(refreshes.count).toBe(1);
  });

  it('does not refresh while more than 300 s are left', async () => {
    const token = accessTokenFor('ada@example.com', 301);
    storage.set('accessToken', token);
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/items/');

    expect(await apiFetch('/items/')).toMatchObject({ authorization: `Bearer ${token}` });
    expect(refreshes.count).toBe(0);
  });

  it('on a 401 refreshes once and retries once with the new token', async () => {
    storage.set('accessToken', accessTokenFor());
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/items/', ({ request }) => {
        const authorization = request.headers.get('Authorization');
        seen.push(authorization);
        return authorization === 'Bearer access-2'
          ? HttpResponse.json(['tile'])
          : HttpResponse.json({ detail: 'Token expired' }, { status: 401 });
      }),
    );

    expect(await apiFetch('/items/')).toEqual(['tile']);
    expect(refreshes.count).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe('Bearer access-2');
  });

  it('gives up after the one retry when the new token is refused too', async () => {
    storage.set('accessToken', accessTokenFor());
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    let calls = 0;
    server.use(
      http.get('/api/items/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Nope' }, { status: 401 });
      }),
    );

    await expect(apiFetch('/items/')).rejects.toMatchObject({ status: 401, detail: 'Nope' });
    expect(calls).toBe(2);
    expect(refreshes.count).toBe(1);
  });

  it('shares one refresh between calls made at the same time (token close to expiry)', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 5));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/items/');

    const answers = await Promise.all([apiFetch('/items/'), apiFetch('/items/'), apiFetch('/items/')]);
    expect(answers).toEqual(Array(3).fill(expect.objectContaining({ authorization: 'Bearer access-2' })));
    expect(refreshes.count).toBe(1);
  });

  it('shares one refresh between calls that all got a 401', async () => {
    storage.set('accessToken', accessTokenFor());
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    server.use(
      http.get('/api/items/:id', ({ request, params }) =>
        request.headers.get('Authorization') === 'Bearer access-2'
          ? HttpResponse.json({ id: params.id })
          : HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
    );

    const answers = await Promise.all(['1', '2', '3'].map((id) => apiFetch(`/items/${id}`)));
    expect(answers).toEqual([{ id: '1' }, { id: '2' }, { id: '3' }]);
    expect(refreshes.count).toBe(1);
  });

  it('ends the session when the refresh is refused: storage cleared, signed out, SPEC message thrown', async () => {
    loadSession();
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    storage.set('userEmail', 'ada@example.com');
    storage.set('loginTime', '2025-01-01T00:00:00.000Z');
    storage.set('selectedTenantUuid', 'tenant-1');
    server.use(
      http.post('/api/auth/refresh', () => HttpResponse.json({ detail: 'Invalid token' }, { status: 401 })),
    );

    const error = await apiFetch('/items/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Session expired, please log in again' });
    expect({ ...localStorage }).toEqual({});
    expect(getSession()).toMatchObject({ status: 'unauthenticated', signedOut: true });
    expect(readSessionNotice()).toBe('Session expired, please log in again');
  });

  it("ends the session with 'Authentication required' on a 401 when there is no refresh token", async () => {
    loadSession();
    storage.set('accessToken', accessTokenFor());
    storage.set('userEmail', 'ada@example.com');
    const refreshes = countRefreshes();
    server.use(http.get('/api/items/', () => HttpResponse.json({ detail: 'Expired' }, { status: 401 })));

    await expect(apiFetch('/items/')).rejects.toMatchObject({
      status: 401,
      message: 'Authentication required',
    });
    expect(refreshes.count).toBe(0);
    expect({ ...localStorage }).toEqual({});
    expect(getSession()).toMatchObject({ status: 'unauthenticated', signedOut: true });
  });

  it('keeps the session when the refresh fails for want of a server, to try again on the next call', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    server.use(http.post('/api/auth/refresh', () => new HttpResponse(null, { status: 503 })));

    await expect(apiFetch('/items/')).rejects.toMatchObject({ status: 503 });
    expect(storage.get('refreshToken')).toBe('refresh-1');
  });

  it('fails the call and stores nothing when the refresh answers without a token pair', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    server.use(http.post('/api/auth/refresh', () => HttpResponse.json({ access_token: 'access-2' })));

    await expect(apiFetch('/items/')).rejects.toThrow('The token refresh answered without a token pair');
    expect(storage.get('refreshToken')).toBe('refresh-1');
    expect(storage.get('accessToken')).not.toBe('access-2');
  });
});
