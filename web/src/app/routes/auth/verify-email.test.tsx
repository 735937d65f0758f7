import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

/** Answers the verification call (after `gate` resolves, when given) and counts and records the calls. */
function answerVerification(answer: () => Response, gate?: Promise<void>) {
  const tokens: (string | null)[] = [];
  server.use(
    mockEndpoint('verifyEmail', async ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get('token'));
      await gate;
      return answer();
    }),
  );
  return tokens;
}

describe('/verify-email', () => {
  it('shows the verifying state, then signs in and offers the dashboard, spending the token once', async () => {
    let release!: () => void;
    const tokens = answerVerification(
      () => HttpResponse.json(authResponse('ada@example.com', 'refresh-v')),
      new Promise<void>((resolve) => (release = resolve)),
    );
    // renderApp uses StrictMode, whose doubled effects would spend the single-use token twice.
    const router = renderApp('/verify-email?token=verify-1');

    expect(await screen.findByText('Verifying your email address…')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    release();

    await userEvent.click(await screen.findByRole('link', { name: 'Go to Dashboard' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(tokens).toEqual(['verify-1']);
    expect(storage.get('refreshToken')).toBe('refresh-v');
    expect(storage.get('userEmail')).toBe('ada@example.com');
    expect(storage.get('loginTime')).not.toBeNull();
  });

  it('shows the failure text and the way to sign in when the link is refused', async () => {
    const tokens = answerVerification(() =>
      HttpResponse.json({ detail: 'Invalid or expired verification link' }, { status: 400 }),
    );
    const router = renderApp('/verify-email?token=used-1');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verification failed. The link may be expired or invalid.');
    expect(alert.textContent).toContain('Invalid or expired verification link');
    await delay(20);
    expect(tokens).toEqual(['used-1']);
    expect(storage.get('accessToken')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("falls back to 'Email verification failed' when the answer has no detail", async () => {
    answerVerification(() => new HttpResponse(null, { status: 500 }));
    renderApp('/verify-email?token=t-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email verification failed');
    expect(alert.textContent).toContain('Verification failed. The link may be expired or invalid.');
  });

  it('goes straight to its error without a token, and calls nothing', async () => {
    const tokens = answerVerification(() => HttpResponse.json(authResponse()));
    renderApp('/verify-email');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid verification link. Please check your email and try again.',
    );
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeTruthy();
    expect(screen.queryByText('Verifying your email address…')).toBeNull();
    await delay(20);
    expect(tokens).toEqual([]);
  });
});
