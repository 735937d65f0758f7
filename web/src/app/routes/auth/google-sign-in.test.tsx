import { mockEndpoint } from '@/testing/mocks/endpoint';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { publicConfig } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

const GSI = 'https://accounts.google.com/gsi/client';

type Initialize = {
  client_id: string;
  context?: string;
  callback: (response: { credential?: string }) => void;
};

/**
 * Google Identity Services is the far edge here: this stand-in for `google.accounts.id` draws a plain
 * button that hands the page a credential, as Google's popup does.
 */
function fakeGoogleIdentity() {
  const seen = { initialize: [] as Initialize[], text: [] as (string | undefined)[] };
  const id = {
    initialize: (config: Initialize) => seen.initialize.push(config),
    renderButton: (parent: HTMLElement, options: { text?: string }) => {
      seen.text.push(options.text);
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Continue with Google';
      button.addEventListener('click', () =>
        seen.initialize.at(-1)?.callback({ credential: 'google-credential' }),
      );
      parent.replaceChildren(button);
    },
  };
  return { seen, install: () => Object.assign(window, { google: { accounts: { id } } }) };
}

function configureGoogle(clientId: string | null) {
  let requests = 0;
  server.use(
    mockEndpoint('getPublicConfig', () => {
      requests += 1;
      return HttpResponse.json({ ...publicConfig, google_client_id: clientId });
    }),
  );
  return { requests: () => requests };
}

const googleScript = () => document.querySelector<HTMLScriptElement>(`script[src="${GSI}"]`);

afterEach(() => {
  Reflect.deleteProperty(window, 'google');
  googleScript()?.remove();
});

describe('Google sign-in', () => {
  it('loads no Google script and shows no button when the server has no client id', async () => {
    const config = configureGoogle(null);
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await waitFor(() => expect(config.requests()).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(googleScript()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it("adds Google's script when configured and draws its button once the script has loaded", async () => {
    configureGoogle('client-1.apps.googleusercontent.com');
    const google = fakeGoogleIdentity();
    renderApp('/login');

    await waitFor(() => expect(googleScript()).not.toBeNull());
    google.install();
    fireEvent.load(googleScript()!);

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(google.seen.initialize[0]).toMatchObject({
      client_id: 'client-1.apps.googleusercontent.com',
      context: 'signin',
    });
    expect(google.seen.text).toEqual(['signin_with']);
  });

  it('signs in with the credential Google hands over and goes to /dashboard', async () => {
    configureGoogle('client-1');
    const google = fakeGoogleIdentity();
    google.install();
    const bodies: unknown[] = [];
    server.use(
      mockEndpoint('googleLogin', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(authResponse('grace@example.com', 'refresh-g'));
      }),
    );
    const router = renderApp('/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, grace!' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(bodies).toEqual([{ credential: 'google-credential' }]);
    expect(storage.get('userEmail')).toBe('grace@example.com');
    expect(storage.get('refreshToken')).toBe('refresh-g');
    expect(storage.get('loginTime')).not.toBeNull();
  });

  it("shows the server's detail, or 'Google login failed', in a red box", async () => {
    configureGoogle('client-1');
    fakeGoogleIdentity().install();
    server.use(
      mockEndpoint('googleLogin', () =>
        HttpResponse.json({ detail: 'Google token expired' }, { status: 401 }),
      ),
    );
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Google token expired');

    server.use(mockEndpoint('googleLogin', () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Google login failed'));
    expect(storage.get('accessToken')).toBeNull();
  });

  it('offers the sign-up wording on /register', async () => {
    configureGoogle('client-1');
    const google = fakeGoogleIdentity();
    google.install();
    renderApp('/register');

    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(google.seen.initialize.at(-1)).toMatchObject({ context: 'signup' });
    expect(google.seen.text.at(-1)).toBe('signup_with');
  });
});
