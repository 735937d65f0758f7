import { mockEndpoint } from '@/testing/mocks/endpoint';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { readTokenClaims } from '@/lib/session/token-claims';
import { storage } from '@/lib/storage';
import { authResponse } from '@/testing/auth-response';
import { holdBack } from '@/testing/hold-back';
import { me, thisSession } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

/** The server's answers to a missing and to a wrong second-factor code (docs/contract.md section 4). */
const CODE_MISSING = 'Enter a code from your authenticator app to confirm';
const RECENT_SIGN_IN =
  'For your security, sign in again to continue: this needs a sign-in from the last 15 minutes.';

type FakeAccountOptions = {
  hasPassword: boolean;
  /**
   * What GET /auth/me says; the server asks for a code whenever `serverTwoFactor` is on: the authenticator's
   * '123456' or the recovery code 'abcd-2345'.
   */
  twoFactor?: boolean;
  /** Two-factor as the server knows it, when another tab turned it on after this one read the account. */
  serverTwoFactor?: boolean;
  /** Whether the session's sign-in is older than a first password allows. */
  staleSignIn?: boolean;
};

/** /auth/me and /auth/update-password over one in-memory user. */
function fakeAccount({
  hasPassword,
  twoFactor = false,
  serverTwoFactor = twoFactor,
  staleSignIn = false,
}: FakeAccountOptions) {
  const user = { ...me, has_password: hasPassword, two_factor_enabled: twoFactor };
  const updates: unknown[] = [];
  server.use(
    mockEndpoint('getMe', () => HttpResponse.json(user)),
    mockEndpoint('updatePassword', async ({ request }) => {
      const body = (await request.json()) as { old_password: string | null; code?: string };
      updates.push(body);
      if (user.has_password && body.old_password !== 'old password') {
        return HttpResponse.json({ detail: 'Current password is incorrect' }, { status: 400 });
      }
      if (serverTwoFactor && body.code === undefined) {
        return HttpResponse.json({ detail: CODE_MISSING, code: 'second_factor_required' }, { status: 400 });
      }
      if (serverTwoFactor && body.code !== '123456' && body.code !== 'abcd-2345') {
        return HttpResponse.json({ detail: 'Invalid code', code: 'second_factor_invalid' }, { status: 400 });
      }
      if (!user.has_password && staleSignIn) {
        return HttpResponse.json(
          { detail: RECENT_SIGN_IN, code: 'recent_sign_in_required' },
          { status: 403 },
        );
      }
      user.has_password = true;
      user.two_factor_enabled = serverTwoFactor;
      return HttpResponse.json({ message: 'Password updated successfully' });
    }),
  );
  return updates;
}

/** The texts an element is described by (aria-describedby), in order. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

/** The password card: the Email card below it asks for the current password too. */
const passwordCard = () =>
  within(
    screen.getByRole('heading', { level: 2, name: /Password$/ }).closest<HTMLElement>('[data-slot="card"]')!,
  );

async function fillNewPassword(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('/settings', () => {
  it("lets a user without a password set one, sending null as the current one, then says 'Change Password'", async () => {
    const updates = fakeAccount({ hasPassword: false });
    signIn();
    renderApp('/settings');

    // The file's first render also imports the page's code (the sessions card's user-agent parser with it).
    expect(await screen.findByRole('heading', { level: 2, name: 'Set Password' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();

    await fillNewPassword('first password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Change Password' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Password updated successfully');
    expect(updates).toEqual([{ old_password: null, new_password: 'first password' }]);
    expect(passwordCard().getByLabelText('Current password')).toBeTruthy();
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('asks a user with a password for it, and checks the new one and its confirmation', async () => {
    const updates = fakeAccount({ hasPassword: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });

    await fillNewPassword('short', 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(updates).toEqual([]);
  });

  it("sends the current password and shows the server's detail, or 'Failed to update password'", async () => {
    const updates = fakeAccount({ hasPassword: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });

    await userEvent.type(passwordCard().getByLabelText('Current password'), 'wrong password');
    await fillNewPassword('second password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect(updates).toEqual([{ old_password: 'wrong password', new_password: 'second password' }]);

    server.use(mockEndpoint('updatePassword', () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update password'));
  });

  it('asks for no authentication code while two-factor is off, and sends none', async () => {
    const updates = fakeAccount({ hasPassword: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });
    expect(passwordCard().queryByLabelText('Authentication code')).toBeNull();

    await userEvent.type(passwordCard().getByLabelText('Current password'), 'old password');
    await fillNewPassword('second password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password updated successfully');
    expect(updates).toEqual([{ old_password: 'old password', new_password: 'second password' }]);
  });

  it('with two-factor on, asks for a code, shows the refusal of a wrong one at the field and keeps what was typed', async () => {
    const updates = fakeAccount({ hasPassword: true, twoFactor: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });
    const field = passwordCard().getByLabelText('Authentication code') as HTMLInputElement;
    expect(field.autocomplete).toBe('one-time-code');
    // Recovery codes have letters: no digits-only keyboard.
    expect(field.inputMode).toBe('text');
    expect(descriptionOf(field)).toEqual(['A code from your authenticator app, or a recovery code.']);

    // Only the code is missing: it is checked before anything is sent, and the focus goes to it.
    await userEvent.type(passwordCard().getByLabelText('Current password'), 'old password');
    await fillNewPassword('second password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(field)).toEqual([
      'A code from your authenticator app, or a recovery code.',
      'Enter a code',
    ]);
    expect(document.activeElement).toBe(field);
    expect(updates).toEqual([]);

    await userEvent.type(field, ' 000000 ');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(descriptionOf(field)[1]).toBe('Invalid code'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    // The refusal is at the field, not a second time in a box above the form.
    expect(passwordCard().queryByRole('alert')).toBeNull();
    expect(updates).toEqual([
      { old_password: 'old password', new_password: 'second password', code: '000000' },
    ]);
    expect((passwordCard().getByLabelText('Current password') as HTMLInputElement).value).toBe(
      'old password',
    );
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('second password');
    expect((screen.getByLabelText('Confirm new password') as HTMLInputElement).value).toBe('second password');
    expect(field.value).toBe(' 000000 ');

    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password updated successfully');
    expect(updates.at(-1)).toEqual({
      old_password: 'old password',
      new_password: 'second password',
      code: '123456',
    });
    expect(field.value).toBe('');
  });

  it('asks for a code when the server wants one that this page did not know of, with the focus on it', async () => {
    // Two-factor was turned on in another tab after this one read the account.
    const updates = fakeAccount({ hasPassword: true, twoFactor: false, serverTwoFactor: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });

    await userEvent.type(passwordCard().getByLabelText('Current password'), 'old password');
    await fillNewPassword('second password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const field = (await passwordCard().findByLabelText('Authentication code')) as HTMLInputElement;
    await waitFor(() => expect(descriptionOf(field)[1]).toBe(CODE_MISSING));
    expect(document.activeElement).toBe(field);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('second password');

    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password updated successfully');
    expect(updates).toEqual([
      { old_password: 'old password', new_password: 'second password' },
      { old_password: 'old password', new_password: 'second password', code: '123456' },
    ]);
  });

  it('shows a refused code at the field by its code, whatever words the server chose', async () => {
    fakeAccount({ hasPassword: true, twoFactor: true });
    const REWORDED = 'That code was already used. Try the next one.';
    server.use(
      mockEndpoint('updatePassword', () =>
        HttpResponse.json({ detail: REWORDED, code: 'second_factor_invalid' }, { status: 400 }),
      ),
    );
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });
    const field = passwordCard().getByLabelText('Authentication code') as HTMLInputElement;

    await userEvent.type(passwordCard().getByLabelText('Current password'), 'old password');
    await fillNewPassword('second password');
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(descriptionOf(field)[1]).toBe(REWORDED));
    expect(document.activeElement).toBe(field);
    expect(passwordCard().queryByRole('alert')).toBeNull();
  });

  it('sends the code with a first password', async () => {
    const updates = fakeAccount({ hasPassword: false, twoFactor: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Set Password' });

    await fillNewPassword('first password');
    await userEvent.type(passwordCard().getByLabelText('Authentication code'), 'abcd-2345');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Change Password' })).toBeTruthy();
    expect(updates).toEqual([{ old_password: null, new_password: 'first password', code: 'abcd-2345' }]);
  });

  it('asks for a fresh sign-in when a first password comes too long after the last one, and offers it', async () => {
    const updates = fakeAccount({ hasPassword: false, staleSignIn: true });
    signIn({ refreshToken: 'refresh-1' });
    const router = renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Set Password' });

    await fillNewPassword('first password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    const alert = await passwordCard().findByRole('alert');
    expect(alert.textContent).toBe(`${RECENT_SIGN_IN}Sign in again`);
    expect(updates).toEqual([{ old_password: null, new_password: 'first password' }]);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('first password');

    const logouts: unknown[] = [];
    server.use(
      mockEndpoint('logout', async ({ request }) => {
        logouts.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(storage.get('accessToken')).toBeNull();
    await waitFor(() => expect(logouts).toEqual([{ refresh_token: 'refresh-1' }]));
  });

  it("offers no sign-in for a refusal that is not the sign-in's age", async () => {
    fakeAccount({ hasPassword: true });
    signIn();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });
    await userEvent.type(passwordCard().getByLabelText('Current password'), 'wrong password');
    await fillNewPassword('second password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await passwordCard().findByRole('alert');
    expect(alert.textContent).toBe('Current password is incorrect');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('shows a spinner while the account loads and a red box when it cannot', async () => {
    const answer = holdBack();
    server.use(
      mockEndpoint('getMe', async () => {
        await answer.released;
        return HttpResponse.json({ detail: 'Something broke' }, { status: 500 });
      }),
      // Held too, then answered by the default handler: both spinners stay until the test has seen them.
      mockEndpoint('listSessions', async () => {
        await answer.released;
      }),
    );
    signIn();
    renderApp('/settings');

    await screen.findByRole('heading', { level: 1, name: 'Account' });
    // The account's and the sessions' cards each show their own spinner; the second factors' wait for the account.
    expect(screen.getAllByRole('status', { name: 'Loading' })).toHaveLength(2);
    answer.release();
    expect((await screen.findByRole('alert')).textContent).toBe('Something broke');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it("never shows the previous user's account to the next one", async () => {
    server.use(
      mockEndpoint('getMe', ({ request }) => {
        const token = request.headers.get('Authorization')!.replace('Bearer ', '');
        const { email } = readTokenClaims(token) as { email: string };
        return HttpResponse.json({ ...me, email });
      }),
      mockEndpoint('login', () => HttpResponse.json(authResponse('grace@example.com'))),
    );
    signIn();
    const router = renderApp('/settings');
    expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();

    // Signed out in another tab: nothing here clears the query cache but the session ending.
    const token = storage.get('accessToken');
    act(() => {
      storage.clearSession();
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'accessToken', oldValue: token, newValue: null }),
      );
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'graces password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, grace!' });
    await router.navigate('/settings');

    expect(await screen.findByText('Signed in as grace@example.com')).toBeTruthy();
  });
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** Another 403 of the same route: an operator viewing as the user may not end the user's sessions. */
const VIEWING_AS = 'Not available while viewing as another user';

/** /auth/sessions over this session and two others, ending them as the server does. */
function fakeSessions({ failEnding = false, staleSignIn = false, viewingAs = false } = {}) {
  let sessions = [
    thisSession,
    {
      ...thisSession,
      id: '55555555-5555-4555-8555-000000000002',
      user_agent: IPHONE,
      ip: '2001:db8::1',
      current: false,
      sso_team: 'Acme',
    },
    {
      ...thisSession,
      id: '55555555-5555-4555-8555-000000000003',
      user_agent: null,
      ip: null,
      current: false,
    },
  ];
  const calls: string[] = [];
  server.use(
    mockEndpoint('listSessions', () => HttpResponse.json(sessions)),
    mockEndpoint('revokeSession', ({ params }) => {
      calls.push(`end ${String(params.id)}`);
      if (failEnding) return HttpResponse.json({ detail: 'Session not found' }, { status: 404 });
      sessions = sessions.filter((session) => session.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    mockEndpoint('revokeOtherSessions', async () => {
      calls.push('end others');
      await delay(50);
      if (staleSignIn) {
        return HttpResponse.json(
          { detail: RECENT_SIGN_IN, code: 'recent_sign_in_required' },
          { status: 403 },
        );
      }
      if (viewingAs)
        return HttpResponse.json({ detail: VIEWING_AS, code: 'not_while_impersonating' }, { status: 403 });
      sessions = sessions.filter((session) => session.current);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('/settings, Sessions', () => {
  it('lists each session by device and address, marks this one, and signs out another', async () => {
    const calls = fakeSessions();
    signIn();
    renderApp('/settings');

    const list = await screen.findByRole('list', { name: 'Sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Chrome on LinuxThis device203\.0\.113\.7 · Last active/),
      expect.stringMatching(/^Safari on iOS2001:db8::1 · Last active .* · Single sign-on \(Acme\)Sign out$/),
      expect.stringMatching(/^Unknown deviceUnknown address · Last active/),
    ]);
    // This device offers no sign-out of its own here: the account menu signs it out.
    expect(within(items[0]!).queryByRole('button')).toBeNull();

    await userEvent.click(
      within(items[1]!).getByRole('button', { name: /^Sign out Safari on iOS, last active/ }),
    );
    expect(await screen.findByText('Signed out of Safari on iOS.')).toBeTruthy();
    expect(calls).toEqual(['end 55555555-5555-4555-8555-000000000002']);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  });

  it('signs out all other sessions after asking, and then has nothing left to sign out', async () => {
    const calls = fakeSessions();
    signIn();
    renderApp('/settings');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out all other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('Signed out of all other sessions.')).toBeTruthy();
    expect(calls).toEqual(['end others']);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(
      (screen.getByRole('button', { name: 'Sign out all other sessions' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  /** Asks to sign out the other sessions, which the server refuses: the refusal shown. */
  async function refusedEndingOthers(options: Parameters<typeof fakeSessions>[0]) {
    const calls = fakeSessions(options);
    signIn();
    renderApp('/settings');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out all other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    return { calls, alert: await screen.findByRole('alert') };
  }

  it('asks for a fresh sign-in when the last one is too old to sign out the others, and keeps them', async () => {
    const { calls, alert } = await refusedEndingOthers({ staleSignIn: true });
    expect(alert.textContent).toBe(`${RECENT_SIGN_IN}Sign in again`);
    expect(within(alert).getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(calls).toEqual(['end others']);
    expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('offers no fresh sign-in for a 403 that a sign-in would not lift', async () => {
    const { calls, alert } = await refusedEndingOthers({ viewingAs: true });
    // Told apart by the code, not by the status both answers share.
    expect(alert.textContent).toBe(VIEWING_AS);
    expect(within(alert).queryByRole('button', { name: 'Sign in again' })).toBeNull();
    expect(calls).toEqual(['end others']);
  });

  it("shows the server's detail when a sign-out fails", async () => {
    fakeSessions({ failEnding: true });
    signIn();
    renderApp('/settings');
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await userEvent.click(within(list).getAllByRole('button')[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe('Session not found');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says when the list cannot load, and loads it on Try again', async () => {
    let attempts = 0;
    server.use(
      mockEndpoint('listSessions', () => {
        attempts += 1;
        return attempts === 1
          ? HttpResponse.json({ detail: 'Service temporarily unavailable' }, { status: 503 })
          : HttpResponse.json([thisSession]);
      }),
    );
    signIn();
    renderApp('/settings');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service temporarily unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Sessions' })).toBeTruthy();
  });
});

/** /auth/me and the two-factor calls over one in-memory user: '123456' is the authenticator's code. */
function fakeTwoFactor({ verified = true } = {}) {
  const user = { ...me, is_verified: verified, two_factor_enabled: false };
  const codes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);
  server.use(
    mockEndpoint('getMe', () => HttpResponse.json(user)),
    mockEndpoint('setupTwoFactor', () =>
      HttpResponse.json({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_url:
          'otpauth://totp/Tessera:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Tessera',
      }),
    ),
    mockEndpoint('enableTwoFactor', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '123456')
        return HttpResponse.json({ detail: 'Invalid code', code: 'second_factor_invalid' }, { status: 400 });
      user.two_factor_enabled = true;
      return HttpResponse.json({ recovery_codes: codes });
    }),
    mockEndpoint('disableTwoFactor', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== codes[0])
        return HttpResponse.json({ detail: 'Invalid code', code: 'second_factor_invalid' }, { status: 400 });
      user.two_factor_enabled = false;
      return HttpResponse.json({ message: 'Two-factor authentication is off' });
    }),
  );
  return codes;
}

describe('/settings two-factor', () => {
  it('sets up with a QR code drawn in the page, shows the recovery codes once, then says it is on', async () => {
    const codes = fakeTwoFactor();
    signIn();
    renderApp('/settings');
    const card = (
      await screen.findByRole('heading', { level: 2, name: /Two-factor authentication/ })
    ).closest('[data-slot="card"]') as HTMLElement;
    expect(within(card).getByText('Off')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Set up two-factor authentication' }));
    const qr = await within(card).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    await userEvent.type(within(card).getByLabelText('Authentication code'), '000000');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText('Invalid code')).toBeTruthy();
    await userEvent.clear(within(card).getByLabelText('Authentication code'));
    await userEvent.type(within(card).getByLabelText('Authentication code'), '123456');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn on' }));

    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(within(card).getByRole('button', { name: 'Download' })).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'I have saved my codes' }));
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(card).getByText('On')).toBeTruthy();
    expect(within(card).getByRole('status').textContent).toBe('Two-factor authentication is on.');
  });

  it('turns off only with a valid code', async () => {
    const codes = fakeTwoFactor();
    signIn();
    renderApp('/settings');
    const heading = await screen.findByRole('heading', { level: 2, name: /Two-factor authentication/ });
    const card = heading.closest('[data-slot="card"]') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Set up two-factor authentication' }));
    await userEvent.type(await within(card).findByLabelText('Authentication code'), '123456');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn on' }));
    await userEvent.click(await within(card).findByRole('button', { name: 'I have saved my codes' }));

    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    const field = within(card).getByLabelText('Authentication or recovery code');
    await userEvent.type(field, 'wrong');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(card).findByText('Invalid code')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, codes[0]!);
    await userEvent.click(within(card).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(card).findByText('Two-factor authentication is off.')).toBeTruthy();
    await waitFor(() => expect(within(card).getByText('Off')).toBeTruthy());
  });

  it('asks an unverified account to verify its email first', async () => {
    fakeTwoFactor({ verified: false });
    signIn();
    renderApp('/settings');
    expect(
      await screen.findByText('Verify your email to turn on two-factor authentication.', {}),
    ).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Set up two-factor authentication' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});
