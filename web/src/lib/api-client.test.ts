import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';

import { ApiError, apiFetch } from './api-client';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Answers `path` with the headers the request carried. */
function echoHeaders(path: string) {
  server.use(
    http.all(`/api${path}`, ({ request }) =>
      HttpResponse.json({
        authorization: request.headers.get('Authorization'),
        tenant: request.headers.get('X-TENANT-UUID'),
        accept: request.headers.get('Accept'),
      }),
    ),
  );
}

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
