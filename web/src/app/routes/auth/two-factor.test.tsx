import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';
import { holdBack } from '@/testing/hold-back';
import { renderApp } from '@/testing/render-app';

/**
 * Login answers the second step; /auth/2fa/verify takes '123456' or the recovery code 'abcde-fghjk'. hold() keeps the
 * next answers back until the function it returns is called, so a test can see the page while it waits.
 */
function twoFactorAccount() {
  const verified: unknown[] = [];
  let held: Promise<void> | undefined;
  server.use(
    mockEndpoint('login', () => HttpResponse.json({ mfa_required: true, mfa_token: 'step-token' })),
    mockEndpoint('verifySecondFactor', async ({ request }) => {
      const body = (await request.json()) as { mfa_token: string; code: string };
      verified.push(body);
      await held;
      if (body.code !== '123456' && body.code !== 'abcde-fghjk') {
        return HttpResponse.json({ detail: 'Invalid code', code: 'second_factor_invalid' }, { status: 400 });
      }
      return HttpResponse.json(authResponse());
    }),
  );
  const hold = () => {
    const { released, release } = holdBack();
    held = released;
    return release;
  };
  return { verified, hold };
}

async function signInWithPassword() {
  const router = renderApp('/login');
  await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
  return router;
}

describe('/login/two-factor', () => {
  it('opens after a password sign-in with two-factor on, keeps the token out of the URL, and signs in with a code', async () => {
    const { verified, hold } = twoFactorAccount();
    const router = await signInWithPassword();
    expect(router.state.location.pathname).toBe('/login/two-factor');
    expect(router.state.location.search).toBe('');
    // No session yet: only the code completes the sign-in.
    expect(storage.get('refreshToken')).toBeNull();

    await userEvent.type(screen.getByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeTruthy();
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    const release = hold();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Verifying…' })).toBeTruthy();
    release();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(storage.get('refreshToken')).toBe('refresh-1');
    expect(verified).toEqual([
      { mfa_token: 'step-token', code: '000000' },
      { mfa_token: 'step-token', code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and asks for a code before calling the server', async () => {
    const { verified } = twoFactorAccount();
    await signInWithPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter a code')).toBeTruthy();
    expect(verified).toEqual([]);

    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    expect(verified).toEqual([{ mfa_token: 'step-token', code: 'abcde-fghjk' }]);
  });

  it('opened without a sign-in in progress, says it expired and links back to sign in', async () => {
    renderApp('/login/two-factor');
    expect(await screen.findByText('Your sign-in has expired. Sign in again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  });
});
