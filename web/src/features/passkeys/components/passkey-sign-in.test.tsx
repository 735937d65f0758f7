import type { PasskeyLoginOptions } from '@app/contract';

import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: browser.startAuthentication }));

const OPTIONS: PasskeyLoginOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  timeout: 300000,
  userVerification: 'required',
};
// As @simplewebauthn/browser answers it: with the browser's extension results, none here.
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

/** The two public passkey sign-in calls; `verify` answers the second. */
function fakePasskeyLogin(verify: () => Response) {
  const calls: unknown[] = [];
  server.use(
    mockEndpoint('passkeyLoginOptions', ({ request }) => {
      calls.push(`options ${request.headers.get('Authorization') ?? 'anonymous'}`);
      return HttpResponse.json(OPTIONS);
    }),
    mockEndpoint('passkeyLoginVerify', async ({ request }) => {
      calls.push(await request.json());
      return verify();
    }),
  );
  return calls;
}

const passkeyButton = () => screen.findByRole('button', { name: 'Sign in with a passkey' });

async function renderLogin() {
  const router = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  return router;
}

beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  browser.startAuthentication.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('/login, Sign in with a passkey', () => {
  it('signs in with the passkey the browser offers, stores the session and goes to /dashboard', async () => {
    const answer = authResponse('ada@example.com', 'refresh-passkey');
    const calls = fakePasskeyLogin(() => HttpResponse.json(answer));
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const router = await renderLogin();

    await userEvent.click(await passkeyButton());
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(calls).toEqual(['options anonymous', ASSERTION]);
    expect(storage.get('accessToken')).toBe(answer.access_token);
    expect(storage.get('refreshToken')).toBe('refresh-passkey');
    expect(storage.get('userEmail')).toBe('ada@example.com');
  });

  it('disables the button and says it is waiting while the prompt is open', async () => {
    fakePasskeyLogin(() => HttpResponse.json({}));
    browser.startAuthentication.mockReturnValue(new Promise(() => {}));
    await renderLogin();
    await userEvent.click(await passkeyButton());
    const waiting = await screen.findByRole('button', { name: /Waiting for your passkey…/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal in a red box and stays on /login", async () => {
    fakePasskeyLogin(() =>
      HttpResponse.json({ detail: 'This passkey is not registered. Sign in another way.' }, { status: 400 }),
    );
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const router = await renderLogin();
    await userEvent.click(await passkeyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This passkey is not registered. Sign in another way.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(storage.get('accessToken')).toBeNull();
  });

  it('answers a closed prompt calmly, sending nothing to verify', async () => {
    const calls = fakePasskeyLogin(() => HttpResponse.json({}));
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    await renderLogin();
    await userEvent.click(await passkeyButton());
    const message = await screen.findByText('The passkey prompt was closed before it finished.');
    expect(message.closest('[role]')?.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual(['options anonymous']);
    expect(await passkeyButton()).toBeTruthy();
  });

  it('is not offered where the browser has no WebAuthn', async () => {
    vi.unstubAllGlobals();
    await renderLogin();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
