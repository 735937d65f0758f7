import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

async function renderRegister() {
  const router = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create Account' });
  return router;
}

async function fill({ email = '', password = '', confirm = '' }) {
  const fields = {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm password'),
  };
  for (const [name, value] of [
    ['email', email],
    ['password', password],
    ['confirm', confirm],
  ] as const) {
    await userEvent.clear(fields[name]);
    if (value) await userEvent.type(fields[name], value);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

/** The text of the message tied to a field through aria-describedby. */
function messageOf(label: string) {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('/register', () => {
  it('gives every docs/spec.md section 5 message', async () => {
    let calls = 0;
    server.use(
      mockEndpoint('register', () => {
        calls += 1;
        return HttpResponse.json(authResponse(), { status: 201 });
      }),
    );
    await renderRegister();

    await fill({});
    await screen.findByText('Email is required');
    expect(messageOf('Email')).toBe('Email is required');
    expect(messageOf('Password')).toBe('Password is required');
    expect(messageOf('Confirm password')).toBe('Please confirm your password');

    await fill({ email: 'ada@', password: 'short', confirm: 'different' });
    await screen.findByText('Please enter a valid email address');
    expect(messageOf('Email')).toBe('Please enter a valid email address');
    expect(messageOf('Password')).toBe('Password must be at least 8 characters long');
    expect(messageOf('Confirm password')).toBe('Passwords do not match');

    await fill({ email: '   ', password: 'long enough', confirm: 'long enougH' });
    expect(messageOf('Email')).toBe('Email is required');
    expect(messageOf('Password')).toBeUndefined();
    expect(messageOf('Confirm password')).toBe('Passwords do not match');
    expect(calls).toBe(0);
  });

  it('creates the account with the email trimmed, signs in and goes to /dashboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockEndpoint('register', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(authResponse('ada@example.com', 'refresh-r'), { status: 201 });
      }),
    );
    const router = await renderRegister();

    await fill({ email: ' ada@example.com  ', password: 'long enough', confirm: 'long enough' });

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(bodies).toEqual([{ email: 'ada@example.com', password: 'long enough' }]);
    expect(storage.get('refreshToken')).toBe('refresh-r');
    expect(storage.get('userEmail')).toBe('ada@example.com');
    expect(storage.get('loginTime')).not.toBeNull();
  });

  it("shows the server's detail, or 'Registration failed', in a red box", async () => {
    server.use(
      mockEndpoint('register', () =>
        HttpResponse.json({ detail: 'Email already registered' }, { status: 400 }),
      ),
    );
    await renderRegister();
    await fill({ email: 'ada@example.com', password: 'long enough', confirm: 'long enough' });
    expect((await screen.findByRole('alert')).textContent).toBe('Email already registered');

    server.use(mockEndpoint('register', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Registration failed');
    expect(screen.getByRole('alert').textContent).toBe('Registration failed');
    expect(storage.get('accessToken')).toBeNull();
  });

  it('links to /login', async () => {
    const router = await renderRegister();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
