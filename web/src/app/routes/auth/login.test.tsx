import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

async function renderLogin() {
  const router = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  return router;
}

/** The text of the message tied to a field through aria-describedby. */
function describedBy(field: HTMLElement) {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('/login', () => {
  it('links to the forgot-password and sign-up pages', async () => {
    const router = await renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    await screen.findByRole('heading', { level: 1, name: 'Create Account' });
    expect(router.state.location.pathname).toBe('/register');
  });

  it('says what is missing or wrong, tied to each field, without calling the server', async () => {
    await renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(describedBy(email)).toBe('Email is required');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(password)).toBe('Password is required');
    expect(document.activeElement).toBe(email);

    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it('signs in with the email trimmed, stores the session and goes to /dashboard', async () => {
    const bodies: unknown[] = [];
    // Made once: a token made later may carry another second in its claims.
    const answer = authResponse('ada@example.com', 'refresh-1');
    server.use(
      mockEndpoint('login', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(answer);
      }),
    );
    const router = await renderLogin();

    await userEvent.type(screen.getByLabelText('Email'), '  Ada@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(bodies).toEqual([{ email: 'ada@example.com', password: 'correct horse' }]);
    expect(storage.get('accessToken')).toBe(answer.access_token);
    expect(storage.get('refreshToken')).toBe('refresh-1');
    expect(storage.get('userEmail')).toBe('ada@example.com');
    const loginTime = storage.get('loginTime')!;
    expect(new Date(loginTime).toISOString()).toBe(loginTime);
    expect(Date.now() - Date.parse(loginTime)).toBeLessThan(60_000);
  });

  it('disables the button and says it is signing in while the request runs', async () => {
    server.use(
      mockEndpoint('login', async () => {
        await delay('infinite');
        return HttpResponse.json(authResponse());
      }),
    );
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's detail in a red box", async () => {
    server.use(
      mockEndpoint('login', () =>
        HttpResponse.json({ detail: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    const router = await renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(storage.get('accessToken')).toBeNull();
  });

  it("falls back to 'Login failed' when the answer has no detail", async () => {
    server.use(mockEndpoint('login', () => new HttpResponse('Bad gateway', { status: 502 })));
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('shows once why the session ended when the API client sent the user here', async () => {
    storage.set('accessToken', authResponse().access_token);
    storage.set('userEmail', 'ada@example.com');
    storage.set('refreshToken', 'refresh-1');
    server.use(
      mockEndpoint('getMe', () => HttpResponse.json({ detail: 'Token expired' }, { status: 401 })),
      mockEndpoint('refreshSession', () => HttpResponse.json({ detail: 'Invalid token' }, { status: 401 })),
    );
    const router = renderApp('/settings');

    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert').textContent).toBe('Session expired, please log in again');
    expect(storage.get('accessToken')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
