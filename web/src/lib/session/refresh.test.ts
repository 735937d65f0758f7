/** The token refresh of docs/spec.md sections 7 and 8, as signed-in calls meet it. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiFetch } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { storage } from '@/lib/storage';
import { countRefreshes, echoHeaders } from '@/testing/api-client-mocks';
import { accessTokenFor } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';

import { getSession, loadSession, readSessionNotice } from './session-store';

describe('token refresh', () => {
  it('refreshes first when the access token has under 300 s left, then calls with the new token', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 299));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/items/');

    expect(await apiFetch('listItems', { tenantUuid: 't' })).toMatchObject({
      authorization: 'Bearer access-2',
    });
    expect(refreshes.bodies).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(storage.get('accessToken')).toBe('access-2');
    expect(storage.get('refreshToken')).toBe('refresh-2');
  });

  it('does the same for /auth/me, which needs a valid token too', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 60));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/auth/me');

    expect(await apiFetch('getMe')).toMatchObject({ authorization: 'Bearer access-2' });
    expect(refreshes.count).toBe(1);
  });

  it('does not refresh while more than 300 s are left', async () => {
    const token = accessTokenFor('ada@example.com', 301);
    storage.set('accessToken', token);
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/items/');

    expect(await apiFetch('listItems', { tenantUuid: 't' })).toMatchObject({
      authorization: `Bearer ${token}`,
    });
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

    expect(await apiFetch('listItems', { tenantUuid: 't' })).toEqual(['tile']);
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

    await expect(apiFetch('listItems', { tenantUuid: 't' })).rejects.toMatchObject({
      status: 401,
      detail: 'Nope',
    });
    expect(calls).toBe(2);
    expect(refreshes.count).toBe(1);
  });

  it('shares one refresh between calls made at the same time (token close to expiry)', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 5));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/items/');

    const answers = await Promise.all([
      apiFetch('listItems', { tenantUuid: 't' }),
      apiFetch('listItems', { tenantUuid: 't' }),
      apiFetch('listItems', { tenantUuid: 't' }),
    ]);
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

    const answers = await Promise.all(
      ['1', '2', '3'].map((id) => apiFetch('getItem', { params: { id }, tenantUuid: 't' })),
    );
    expect(answers).toEqual([{ id: '1' }, { id: '2' }, { id: '3' }]);
    expect(refreshes.count).toBe(1);
  });

  it('ends the session when the refresh is refused: storage cleared, signed out, the spec message thrown', async () => {
    loadSession();
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    storage.set('userEmail', 'ada@example.com');
    storage.set('loginTime', '2025-01-01T00:00:00.000Z');
    storage.set('selectedTenantUuid', 'tenant-1');
    server.use(
      http.post('/api/auth/refresh', () => HttpResponse.json({ detail: 'Invalid token' }, { status: 401 })),
    );

    const error = await apiFetch('listItems', { tenantUuid: 't' }).catch((e: unknown) => e);
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

    await expect(apiFetch('listItems', { tenantUuid: 't' })).rejects.toMatchObject({
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

    await expect(apiFetch('listItems', { tenantUuid: 't' })).rejects.toMatchObject({ status: 503 });
    expect(storage.get('refreshToken')).toBe('refresh-1');
  });

  it('fails the call and stores nothing when the refresh answers without a token pair', async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    server.use(http.post('/api/auth/refresh', () => HttpResponse.json({ access_token: 'access-2' })));

    await expect(apiFetch('listItems', { tenantUuid: 't' })).rejects.toThrow(
      'The token refresh answered without a token pair',
    );
    expect(storage.get('refreshToken')).toBe('refresh-1');
    expect(storage.get('accessToken')).not.toBe('access-2');
  });
});
