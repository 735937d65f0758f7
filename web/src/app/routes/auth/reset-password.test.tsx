import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

async function renderReset(path = '/reset-password?token=reset-token-1') {
  const router = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Set New Password' });
  return router;
}

async function submit(password: string, confirm: string) {
  const fields = [screen.getByLabelText('New password'), screen.getByLabelText('Confirm new password')];
  for (const [field, value] of [
    [fields[0]!, password],
    [fields[1]!, confirm],
  ] as const) {
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('/reset-password', () => {
  it('without a token says so in a red box and offers nothing to submit', async () => {
    await renderReset('/reset-password');
    expect(screen.getByRole('alert').textContent).toContain('Invalid or missing reset token');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('applies the registration password rules', async () => {
    await renderReset();
    await submit('', '');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    await submit('short', 'shorter');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('sends the token and the new password, then says so and shows the way to sign in', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockEndpoint('confirmPasswordReset', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Your password has been reset. You can now sign in.' });
      }),
    );
    const router = await renderReset();

    await submit('brand new password', 'brand new password');

    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has been reset. You can now sign in.',
    );
    expect(bodies).toEqual([{ token: 'reset-token-1', new_password: 'brand new password' }]);
    expect(screen.queryByLabelText('New password')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's detail, or 'Failed to reset password', in a red box", async () => {
    server.use(
      mockEndpoint('confirmPasswordReset', () =>
        HttpResponse.json({ detail: 'Invalid or expired reset link' }, { status: 400 }),
      ),
    );
    await renderReset();
    await submit('brand new password', 'brand new password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired reset link');

    server.use(mockEndpoint('confirmPasswordReset', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Failed to reset password')).toBeTruthy();
  });
});
