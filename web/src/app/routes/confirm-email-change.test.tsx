import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { me } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

/** Answers the confirmation (after `gate` resolves, when given) and records each call's token and bearer. */
function answerConfirmation(answer: () => Response, gate?: Promise<void>) {
  const calls: { token: string | null; authorization: string | null }[] = [];
  server.use(
    mockEndpoint('confirmEmailChange', async ({ request }) => {
      calls.push({
        token: new URL(request.url).searchParams.get('token'),
        authorization: request.headers.get('Authorization'),
      });
      await gate;
      return answer();
    }),
  );
  return calls;
}

const changed = () =>
  HttpResponse.json({ message: 'Your email is now grace@example.com.', email: 'grace@example.com' });

describe('/confirm-email-change', () => {
  it('shows the loading state, then the new address and the way to sign in, spending the link once', async () => {
    let release!: () => void;
    const calls = answerConfirmation(changed, new Promise<void>((resolve) => (release = resolve)));
    // renderApp uses StrictMode, whose doubled effects would spend the single-use token twice.
    const router = renderApp('/confirm-email-change?token=change-1');

    expect(await screen.findByText('Changing your email…')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    release();

    expect(
      (await screen.findByText('Your email is now grace@example.com')).closest('[role="status"]'),
    ).toBeTruthy();
    expect(calls).toEqual([{ token: 'change-1', authorization: null }]);
    await userEvent.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("sends a signed-in browser's token, and then shows that session under the new address", async () => {
    const calls = answerConfirmation(changed);
    server.use(mockEndpoint('getMe', () => HttpResponse.json({ ...me, email: 'grace@example.com' })));
    signIn();
    const token = storage.get('accessToken');
    renderApp('/confirm-email-change?token=change-2');

    await screen.findByText(/Your email is now grace@example.com/);
    expect(calls).toEqual([{ token: 'change-2', authorization: `Bearer ${token}` }]);
    await screen.findByRole('link', { name: 'Go to Settings' });
    await delay(20);
    expect(storage.get('userEmail')).toBe('grace@example.com');
  });

  it("keeps the stored address when the signed-in session is another account's", async () => {
    answerConfirmation(changed);
    signIn();
    renderApp('/confirm-email-change?token=change-3');
    await screen.findByText(/Your email is now grace@example.com/);
    await delay(20);
    expect(storage.get('userEmail')).toBe('ada@example.com');
  });

  it("shows the server's reason when the link is refused", async () => {
    const calls = answerConfirmation(() =>
      HttpResponse.json({ detail: 'Invalid or expired link' }, { status: 400 }),
    );
    renderApp('/confirm-email-change?token=used');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your email was not changed.');
    expect(alert.textContent).toContain('Invalid or expired link');
    await delay(20);
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeTruthy();
  });

  it('goes straight to its error without a token, and calls nothing', async () => {
    const calls = answerConfirmation(changed);
    renderApp('/confirm-email-change');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid link. Please check your email and try again.',
    );
    await delay(20);
    expect(calls).toEqual([]);
  });
});
