/**
 * Viewing the app as another account (docs/contract.md section 4, Operators): the banner on every signed-in page, and
 * how the operator's own session, set aside in storage 'operatorSession', comes back.
 */
import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { accessTokenFor } from '@/testing/auth-response';
import { acme } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

const VIEWED_UUID = '00000000-0000-4000-8000-000000000042';
const operatorToken = accessTokenFor('root@tessera.test', 900, { sub: 'operator-1', is_super_admin: true });

/** The operator is viewing the app as wile: their own session set aside, wile's stored. */
function viewAsWile({ expiresIn = 1800 } = {}) {
  const viewedToken = accessTokenFor('wile@acme.test', expiresIn, {
    sub: VIEWED_UUID,
    act: { sub: 'operator-1' },
  });
  storage.set(
    'operatorSession',
    JSON.stringify({
      accessToken: operatorToken,
      refreshToken: 'refresh-operator',
      userEmail: 'root@tessera.test',
      loginTime: '2025-01-01T00:00:00.000Z',
      selectedTenantUuid: null,
      viewedUserUuid: VIEWED_UUID,
    }),
  );
  storage.set('accessToken', viewedToken);
  storage.set('refreshToken', 'refresh-viewed');
  storage.set('userEmail', 'wile@acme.test');
  storage.set('loginTime', '2025-06-01T00:00:00.000Z');
  return viewedToken;
}

/** POST /auth/impersonation/stop, recording the token it was sent with. */
function answerStop(response: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const authorizations: (string | null)[] = [];
  server.use(
    mockEndpoint('stopImpersonation', ({ request }) => {
      authorizations.push(request.headers.get('Authorization'));
      return response();
    }),
  );
  return authorizations;
}

function answerViewedUser() {
  server.use(
    http.get(`/api/super-admin/users/${VIEWED_UUID}`, () =>
      HttpResponse.json({
        uuid: VIEWED_UUID,
        email: 'wile@acme.test',
        is_verified: true,
        is_suspended: false,
        created_at: '2025-03-04T10:00:00.000Z',
        team_count: 0,
        is_super_admin: false,
        teams: [],
      }),
    ),
  );
}

/** The operator's own session is back, with nothing set aside any more. */
function expectOperatorSession() {
  expect(storage.get('accessToken')).toBe(operatorToken);
  expect(storage.get('refreshToken')).toBe('refresh-operator');
  expect(storage.get('userEmail')).toBe('root@tessera.test');
  expect(storage.get('loginTime')).toBe('2025-01-01T00:00:00.000Z');
  expect(storage.get('operatorSession')).toBeNull();
}

const banner = () => screen.findByRole('region', { name: 'Viewing as another account' });

describe('viewing as another account', () => {
  it('shows the banner on every signed-in page, and no Admin entry in the menu', async () => {
    viewAsWile();
    const router = renderApp('/dashboard');
    const region = within(await banner());
    expect(region.getByRole('status').textContent).toBe('Viewing as wile@acme.test');
    expect(region.getByRole('button', { name: 'Stop' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /wile@acme\.test/ }));
    expect(await screen.findByRole('menuitem', { name: 'Account' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await router.navigate('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    expect(await banner()).toBeTruthy();
  });

  it('keeps the view across a reload: the set-aside session stays in storage', async () => {
    viewAsWile();
    renderApp('/items');
    expect(await banner()).toBeTruthy();
    expect(storage.get('operatorSession')).not.toBeNull();
  });

  it('even a super-admin claim in a viewed token does not reach /admin', async () => {
    const token = accessTokenFor('wile@acme.test', 1800, {
      is_super_admin: true,
      act: { sub: 'operator-1' },
    });
    viewAsWile();
    storage.set('accessToken', token);
    const router = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("Stop ends the viewed session with its token, brings the operator's back and opens the account's page", async () => {
    const viewedToken = viewAsWile();
    const authorizations = answerStop();
    answerViewedUser();
    const router = renderApp('/dashboard');
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Stop' }));

    await screen.findByRole('heading', { level: 1, name: 'User' });
    expect(router.state.location.pathname).toBe(`/admin/users/${VIEWED_UUID}`);
    expect(authorizations).toEqual([`Bearer ${viewedToken}`]);
    expectOperatorSession();
    expect(screen.queryByRole('region', { name: 'Viewing as another account' })).toBeNull();
  });

  it("still brings the operator's session back when the stop call fails", async () => {
    viewAsWile();
    answerStop(() => HttpResponse.json({ detail: 'Server error' }, { status: 500 }));
    answerViewedUser();
    const router = renderApp('/dashboard');
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Stop' }));

    await screen.findByRole('heading', { level: 1, name: 'User' });
    expect(router.state.location.pathname).toBe(`/admin/users/${VIEWED_UUID}`);
    expectOperatorSession();
  });

  it('Logout while viewing acts as Stop: the operator stays signed in', async () => {
    viewAsWile();
    const authorizations = answerStop();
    answerViewedUser();
    const router = renderApp('/dashboard');
    await banner();
    await userEvent.click(screen.getByRole('button', { name: /wile@acme\.test/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await screen.findByRole('heading', { level: 1, name: 'User' });
    expect(router.state.location.pathname).toBe(`/admin/users/${VIEWED_UUID}`);
    expect(authorizations).toHaveLength(1);
    expectOperatorSession();
  });

  it("the viewed session ending on its own brings the operator's back instead of /login", async () => {
    // The viewed token is refused and cannot be refreshed (its 30 minutes are over).
    viewAsWile();
    answerViewedUser();
    server.use(
      mockEndpoint('listTenants', ({ request }) =>
        request.headers.get('Authorization') === `Bearer ${operatorToken}`
          ? HttpResponse.json([acme])
          : HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
      mockEndpoint('refreshSession', () =>
        HttpResponse.json({ detail: 'Invalid refresh token' }, { status: 401 }),
      ),
    );
    const router = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/users/${VIEWED_UUID}`));
    await screen.findByRole('heading', { level: 1, name: 'User' });
    expectOperatorSession();
  });

  it("the operator's own Logout leaves nothing set aside behind", async () => {
    storage.set('accessToken', operatorToken);
    storage.set('refreshToken', 'refresh-operator');
    storage.set('userEmail', 'root@tessera.test');
    // A stale stash (a crash mid-view): Logout forgets it too.
    storage.set('operatorSession', JSON.stringify({ viewedUserUuid: VIEWED_UUID }));
    const router = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /root@tessera\.test/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect({ ...localStorage }).toEqual({});
  });

  it('shows /settings as the account holder’s alone, with none of their sign-in details', async () => {
    viewAsWile();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Not available while viewing as another user' });
    expect(screen.getByText(/of wile@acme\.test are theirs alone/)).toBeTruthy();
    for (const title of ['Change Password', 'Passkeys', 'Sessions', 'Danger zone']) {
      expect(screen.queryByRole('heading', { name: title })).toBeNull();
    }
  });
});
