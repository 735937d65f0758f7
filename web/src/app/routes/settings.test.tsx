import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { readTokenClaims } from '@/lib/session/token-claims';
import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { me } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

/** /auth/me and /auth/update-password over one in-memory user. */
function fakeAccount({ hasPassword }: { hasPassword: boolean }) {
  const user = { ...me, has_password: hasPassword };
  const updates: unknown[] = [];
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(user)),
    http.post('/api/auth/update-password', async ({ request }) => {
      const body = (await request.json()) as { old_password: string | null };
      updates.push(body);
      if (user.has_password && body.old_password !== 'old password') {
        return HttpResponse.json({ detail: 'Current password is incorrect' }, { status: 400 });
      }
      user.has_password = true;
      return HttpResponse.json({ message: 'Password updated successfully' });
    }),
  );
  return updates;
}

async function fillNewPassword(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('/settings', () => {
  it("lets a user without a password set one, sending null as the current one, then says 'Change Password'", async () => {
    const updates = fakeAccount({ hasPassword: false });
    signIn();
    renderApp('/settings');

    expect(await screen.findByRole('heading', { level: 2, name: 'Set Password' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();

    await fillNewPassword('first password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Change Password' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Password updated successfully');
    expect(updates).toEqual([{ old_password: null, new_password: 'first password' }]);
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('asks a user with a password for it, and checks the new one and its confirmation', async () => {
    const updates = fakeAccount({ hasPassword: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });

    await fillNewPassword('short', 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(updates).toEqual([]);
  });

  it("sends the current password and shows the server's detail, or 'Failed to update password'", async () => {
    const updates = fakeAccount({ hasPassword: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });

    await userEvent.type(screen.getByLabelText('Current password'), 'wrong password');
    await fillNewPassword('second password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect(updates).toEqual([{ old_password: 'wrong password', new_password: 'second password' }]);

    server.use(http.post('/api/auth/update-password', () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update password'));
  });

  it('shows a spinner while the account loads and a red box when it cannot', async () => {
    server.use(
      http.get('/api/auth/me', async () => {
        await delay(50);
        return HttpResponse.json({ detail: 'Something broke' }, { status: 500 });
      }),
    );
    signIn();
    renderApp('/settings');

    await screen.findByRole('heading', { level: 1, name: 'Account' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Something broke');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("never shows the previous user's account to the next one", async () => {
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        const token = request.headers.get('Authorization')!.replace('Bearer ', '');
        const { email } = readTokenClaims(token) as { email: string };
        return HttpResponse.json({ ...me, email });
      }),
      http.post('/api/auth/login', () => HttpResponse.json(authResponse('grace@example.com'))),
    );
    signIn();
    const router = renderApp('/settings');
    expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();

    // Signed out in another tab: nothing here clears the query cache but the session ending.
    const token = storage.get('accessToken');
    act(() => {
      storage.clearSession();
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'accessToken', oldValue: token, newValue: null }),
      );
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'graces password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, grace!' });
    await router.navigate('/settings');

    expect(await screen.findByText('Signed in as grace@example.com')).toBeTruthy();
  });
});
