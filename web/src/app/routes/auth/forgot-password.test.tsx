import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

const MESSAGE = 'If an account exists for this email, a password reset link has been sent.';

async function renderForgotPassword() {
  const router = renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  return router;
}

describe('/forgot-password', () => {
  it('sends the trimmed email, says the link is on its way and stays usable', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockEndpoint('requestPasswordReset', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: MESSAGE });
      }),
    );
    await renderForgotPassword();

    await userEvent.type(screen.getByLabelText('Email'), '  ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGE);

    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByRole('status');
    expect(bodies).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com' }]);
  });

  it('asks for a valid email before calling the server', async () => {
    await renderForgotPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it("shows the server's detail, or 'Failed to send reset email', in a red box", async () => {
    server.use(
      mockEndpoint('requestPasswordReset', () =>
        HttpResponse.json({ detail: 'Too many requests, please try again later' }, { status: 429 }),
      ),
    );
    await renderForgotPassword();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, please try again later');

    server.use(mockEndpoint('requestPasswordReset', () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset email')).toBeTruthy();
  });

  it('links back to sign in', async () => {
    const router = await renderForgotPassword();
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
