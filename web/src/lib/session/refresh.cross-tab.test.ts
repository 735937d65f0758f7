/** The refresh across tabs: the Web Lock that lets one tab at a time spend the shared refresh token. */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiFetch } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { storage } from '@/lib/storage';
import { countRefreshes, echoHeaders } from '@/testing/api-client-mocks';
import { accessTokenFor } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';

import { getSession, loadSession } from './session-store';

describe('token refresh across tabs', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  /** A Web Locks stand-in; `whileWaiting` runs when the lock is asked for, as another tab holding it would. */
  function fakeLocks(whileWaiting: () => void = () => {}) {
    const names: string[] = [];
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (name: string, task: () => Promise<unknown>) => {
          names.push(name);
          whileWaiting();
          return task();
        },
      },
    });
    return names;
  }

  it('spends the refresh token inside the tessera-refresh lock', async () => {
    const names = fakeLocks();
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/items/');

    expect(await apiFetch('listItems', { tenantUuid: 't' })).toMatchObject({
      authorization: 'Bearer access-2',
    });
    expect(names).toEqual(['tessera-refresh']);
    expect(refreshes.count).toBe(1);
  });

  it('uses the pair another tab stored while this one waited, without spending its own token again', async () => {
    const otherTabs = accessTokenFor('ada@example.com', 900);
    fakeLocks(() => {
      storage.set('accessToken', otherTabs);
      storage.set('refreshToken', 'refresh-from-other-tab');
    });
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    echoHeaders('/items/');

    expect(await apiFetch('listItems', { tenantUuid: 't' })).toMatchObject({
      authorization: `Bearer ${otherTabs}`,
    });
    expect(refreshes.count).toBe(0);
    expect(storage.get('refreshToken')).toBe('refresh-from-other-tab');
  });

  it('after a 401, uses a fresh access token another tab stored while this one waited', async () => {
    const otherTabs = accessTokenFor('ada@example.com', 900, { jti: 'other-tab' });
    fakeLocks(() => storage.set('accessToken', otherTabs));
    storage.set('accessToken', accessTokenFor());
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    server.use(
      http.get('/api/items/', ({ request }) =>
        request.headers.get('Authorization') === `Bearer ${otherTabs}`
          ? HttpResponse.json(['tile'])
          : HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
    );

    expect(await apiFetch('listItems', { tenantUuid: 't' })).toEqual(['tile']);
    expect(refreshes.count).toBe(0);
  });

  it('gives up a refresh that gets no answer in 10 s, keeping the session and failing only that call', async () => {
    // AbortSignal.timeout is stood in for by a signal the test aborts, so nothing waits 10 s.
    const timeout = new AbortController();
    const timeoutFor = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    const names = fakeLocks();
    loadSession();
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    storage.set('userEmail', 'ada@example.com');
    let refreshStarted!: () => void;
    const refreshing = new Promise<void>((resolve) => (refreshStarted = resolve));
    server.use(
      http.post('/api/auth/refresh', () => {
        refreshStarted();
        return new Promise<never>(() => {});
      }),
    );

    const call = apiFetch('listItems', { tenantUuid: 't' });
    await refreshing;
    timeout.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
    expect(timeoutFor).toHaveBeenCalledWith(10_000);
    expect(storage.get('refreshToken')).toBe('refresh-1');
    expect(getSession()).toMatchObject({ status: 'authenticated' });

    // The next call takes the lock again and spends the unspent token.
    timeoutFor.mockRestore();
    const refreshes = countRefreshes();
    echoHeaders('/items/');
    expect(await apiFetch('listItems', { tenantUuid: 't' })).toMatchObject({
      authorization: 'Bearer access-2',
    });
    expect(refreshes.bodies).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(names).toEqual(['tessera-refresh', 'tessera-refresh']);
  });
});
