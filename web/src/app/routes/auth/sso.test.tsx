// Single sign-on in the browser (docs/contract.md section 4, Enterprise identity): "Sign in with SSO" on /login, the
// fixed message of a failed one, /sso/complete's exchange of its one-time code, and the link of an existing account.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { mockEndpoint } from '@/testing/mocks/endpoint';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

describe('Sign in with SSO on /login', () => {
  it('asks for the work email and says when no team has single sign-on for it', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockEndpoint('ssoStart', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { detail: 'Single sign-on is not set up for this domain', code: 'sso_not_set_up' },
          { status: 404 },
        );
      }),
    );
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    const form = await screen.findByRole('form', { name: 'Single sign-on' });
    const email = screen.getAllByLabelText('Email').find((field) => form.contains(field))!;
    expect(document.activeElement).toBe(email);
    await userEvent.type(email, '  ada@acme.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Single sign-on is not set up for this domain',
    );
    expect(bodies).toEqual([{ email: 'ada@acme.example' }]);
  });

  it('shows one fixed message when a single sign-on failed, whatever the provider said', async () => {
    renderApp('/login?error=sso&error_description=Your+account+is+locked');
    expect(
      await screen.findByText('Single sign-on did not work. Try again, or sign in another way.'),
    ).toBeTruthy();
    expect(screen.queryByText(/locked/)).toBeNull();
  });
});

describe('/sso/complete', () => {
  it('exchanges its code once, stores the session and goes to the dashboard', async () => {
    const codes: unknown[] = [];
    server.use(
      mockEndpoint('ssoExchange', async ({ request }) => {
        codes.push(await request.json());
        return HttpResponse.json(authResponse('ada@acme.example', 'refresh-sso'));
      }),
    );
    const router = renderApp('/sso/complete?code=one-time');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(codes).toEqual([{ code: 'one-time' }]);
    expect(storage.get('refreshToken')).toBe('refresh-sso');
  });

  it('opens the second step when the account has two-factor on', async () => {
    server.use(
      mockEndpoint('ssoExchange', () => HttpResponse.json({ mfa_required: true, mfa_token: 'step-1' })),
    );
    const router = renderApp('/sso/complete?code=one-time');
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    expect(router.state.location.pathname).toBe('/login/two-factor');
  });

  it('says so when the code is spent or late, and leads back to sign-in', async () => {
    server.use(
      mockEndpoint('ssoExchange', () =>
        HttpResponse.json(
          { detail: 'This sign-in has expired. Sign in with SSO again.', code: 'sso_code_invalid' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/sso/complete?code=spent');
    expect(await screen.findByText('This sign-in has expired. Sign in with SSO again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('has an existing account signed in as usual, then linked on Settings', async () => {
    const links: unknown[] = [];
    server.use(
      mockEndpoint('ssoExchange', () =>
        HttpResponse.json(
          { detail: 'Sign in to link this account', code: 'sso_link_required' },
          { status: 409 },
        ),
      ),
      mockEndpoint('ssoLink', async ({ request }) => {
        links.push(await request.json());
        return HttpResponse.json({ message: 'Single sign-on linked' });
      }),
    );
    renderApp('/sso/complete?code=link-me');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to link this account' });
    await userEvent.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    expect(
      await screen.findByText('Sign in as usual to link your team’s single sign-on to this account.'),
    ).toBeTruthy();

    // Signed in as usual (the login form's own tests cover it), Settings offers the link.
    signIn();
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Link single sign-on' }));
    expect(await screen.findByText('Single sign-on linked')).toBeTruthy();
    expect(links).toEqual([{ code: 'link-me' }]);
    expect(sessionStorage.length).toBe(0);
  });

  it('lists on Settings the identities linked to the account', async () => {
    server.use(
      mockEndpoint('listSsoIdentities', () =>
        HttpResponse.json([
          { issuer: 'https://login.acme.example', team: 'Acme', linked_at: '2026-11-01T10:00:00.000Z' },
        ]),
      ),
    );
    signIn();
    renderApp('/settings');
    const list = await screen.findByRole('list', { name: 'Linked identities' });
    expect(list.textContent).toContain('Acme');
    expect(list.textContent).toContain('https://login.acme.example · linked');
  });
});
