import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { endSession } from '@/lib/session/session-store';
import { storage } from '@/lib/storage';
import { renderApp, signIn } from '@/testing/render-app';

/** Waits for the page at `pathname` to be shown (every page has one h1) and to stay there. */
async function expectPage(router: ReturnType<typeof renderApp>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  expect(router.state.location.pathname).toBe(pathname);
}

describe('route guards, signed out', () => {
  it.each([
    ['/dashboard', '/register'],
    ['/items', '/register'],
    ['/settings', '/register'],
    ['/team', '/register'],
    ['/subscription', '/register'],
    ['/', '/register'],
    ['/admin', '/register'],
    ['/admin/tenants/t-1', '/register'],
    ['/members', '/register'],
    ['/nowhere', '/register'],
    ['/login', '/login'],
    ['/register', '/register'],
    ['/forgot-password', '/forgot-password'],
    ['/reset-password', '/reset-password'],
    ['/verify-email', '/verify-email'],
    ['/confirm-email-change', '/confirm-email-change'],
    ['/tenants/invitations/abc/accept', '/tenants/invitations/abc/accept'],
  ])('%s ends on %s', async (path, expected) => {
    await expectPage(renderApp(path), expected);
  });

  it('treats a token without an email as signed out', async () => {
    signIn();
    storage.set('userEmail', '');
    await expectPage(renderApp('/dashboard'), '/register');
  });
});

describe('route guards, signed in', () => {
  it.each([
    ['/login', '/dashboard'],
    ['/register', '/dashboard'],
    ['/forgot-password', '/dashboard'],
    ['/reset-password', '/dashboard'],
    ['/', '/dashboard'],
    ['/nowhere', '/dashboard'],
    ['/members', '/settings'],
    ['/items', '/items'],
    ['/admin', '/dashboard'],
    ['/admin/tenants/t-1', '/dashboard'],
    ['/verify-email', '/verify-email'],
    ['/confirm-email-change', '/confirm-email-change'],
    ['/tenants/invitations/abc/accept', '/tenants/invitations/abc/accept'],
  ])('%s ends on %s', async (path, expected) => {
    signIn();
    await expectPage(renderApp(path), expected);
  });

  it.each(['/admin', '/admin/tenants/t-1'])('lets a super admin stay on %s', async (path) => {
    signIn({ isSuperAdmin: true });
    await expectPage(renderApp(path), path);
  });

  it('counts a malformed token as not super admin', async () => {
    signIn();
    storage.set('accessToken', 'not-a-jwt');
    await expectPage(renderApp('/admin'), '/dashboard');
  });

  it('leaves a protected page for /login as soon as the session ends', async () => {
    signIn();
    const router = renderApp('/items');
    await expectPage(router, '/items');
    act(() => endSession());
    await expectPage(router, '/login');
  });

  it('sends a visitor to /register again once the app loads anew after a sign-out', async () => {
    signIn();
    const router = renderApp('/items');
    await expectPage(router, '/items');
    act(() => endSession());
    await expectPage(router, '/login');
    cleanup();
    await expectPage(renderApp('/dashboard'), '/register');
  });
});

it('shows the loading spinner until the page is ready', async () => {
  renderApp('/login');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  expect(screen.queryByRole('status')).toBeNull();
});

it('sends this tab to /login when another tab signs out', async () => {
  signIn();
  const router = renderApp('/items');
  await expectPage(router, '/items');
  const token = storage.get('accessToken');
  act(() => {
    // What the other tab's sign-out looks like from here: its storage change, announced by an event.
    storage.clearSession();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'accessToken', oldValue: token, newValue: null }),
    );
  });
  await expectPage(router, '/login');
});
