import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

it('logs out from a protected page: revokes the refresh token, clears storage, lands on /login', async () => {
  const revoked: unknown[] = [];
  const authorizations: (string | null)[] = [];
  server.use(
    mockEndpoint('logout', async ({ request }) => {
      revoked.push(await request.json());
      authorizations.push(request.headers.get('Authorization'));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  signIn({ refreshToken: 'refresh-1' });
  storage.set('loginTime', '2025-01-01T00:00:00.000Z');
  storage.set('selectedTenantUuid', 'tenant-1');
  storage.set('sidebarCollapsed', 'true');
  const router = renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });

  await userEvent.click(screen.getByRole('button', { name: /ada@example\.com/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

  // Not /register, where the guard sends visitors: docs/spec.md section 2 says Logout goes to /login.
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  expect(router.state.location.pathname).toBe('/login');
  expect({ ...localStorage }).toEqual({ sidebarCollapsed: 'true' });
  await waitFor(() => expect(revoked).toEqual([{ refresh_token: 'refresh-1' }]));
  // A public call: the refresh token is the proof, and no access token goes with it.
  expect(authorizations).toEqual([null]);
});

it('logs out even when the server cannot be reached', async () => {
  server.use(mockEndpoint('logout', () => HttpResponse.error()));
  signIn({ refreshToken: 'refresh-1' });
  const router = renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Account' });

  await userEvent.click(screen.getByRole('button', { name: /ada@example\.com/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  expect(router.state.location.pathname).toBe('/login');
  expect(storage.get('accessToken')).toBeNull();
  expect(storage.get('refreshToken')).toBeNull();
});
