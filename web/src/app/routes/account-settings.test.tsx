// /settings → Email and Danger zone (docs/contract.md section 4): changing the email, exporting the data, deleting
// the account.
import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErrorBody } from '@app/contract';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { storage } from '@/lib/storage';
import { holdBack } from '@/testing/hold-back';
import { me } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

afterEach(() => vi.restoreAllMocks());

function account({ hasPassword = true, twoFactor = false } = {}) {
  server.use(
    mockEndpoint('getMe', () =>
      HttpResponse.json({ ...me, has_password: hasPassword, two_factor_enabled: twoFactor }),
    ),
  );
}

async function openSettings() {
  signIn();
  const router = renderApp('/settings');
  const heading = await screen.findByRole('heading', { level: 2, name: 'Email' });
  return { router, emailCard: heading.closest<HTMLElement>('[data-slot="card"]')! };
}

/** The texts an element is described by (aria-describedby), in order. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

const CODE_HINT = 'A code from your authenticator app, or a recovery code.';
const CODE_MISSING = 'Enter a code from your authenticator app to confirm';

/**
 * A refusal for the second factor, as the server answers while two-factor is on (docs/contract.md section 4):
 * '123456' is the authenticator's code. Undefined when the code passes.
 */
function refuseCode(body: { code?: string }): HttpResponse<ErrorBody> | undefined {
  if (body.code === undefined) {
    return HttpResponse.json<ErrorBody>(
      { detail: CODE_MISSING, code: 'second_factor_required' },
      { status: 400 },
    );
  }
  if (body.code !== '123456') {
    return HttpResponse.json<ErrorBody>(
      { detail: 'Invalid code', code: 'second_factor_invalid' },
      { status: 400 },
    );
  }
  return undefined;
}

describe('the Email card', () => {
  it('shows the current address and sends the new one with the password, then says where the link went', async () => {
    account();
    const sent: unknown[] = [];
    const answer = holdBack();
    server.use(
      mockEndpoint('changeEmail', async ({ request }) => {
        sent.push(await request.json());
        await answer.released;
        return HttpResponse.json({ message: 'We sent a confirmation link to grace@example.com.' });
      }),
    );
    const { emailCard } = await openSettings();
    const card = within(emailCard);
    expect(card.getByText('ada@example.com')).toBeTruthy();

    await userEvent.type(card.getByLabelText('New email'), '  Grace@Example.com ');
    await userEvent.type(card.getByLabelText('Current password'), 'my password');
    await userEvent.click(card.getByRole('button', { name: 'Send confirmation link' }));
    expect(await card.findByRole('button', { name: 'Sending…' })).toBeTruthy();
    answer.release();

    const success = await card.findByRole('status');
    expect(success.textContent).toBe(
      'Check your inbox at grace@example.com and open the link we sent there to finish the change. Until then you keep signing in with ada@example.com.',
    );
    expect(sent).toEqual([{ new_email: 'grace@example.com', password: 'my password' }]);
    expect((card.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("checks the fields before sending, and shows the server's refusal", async () => {
    account();
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('changeEmail', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: 'Email already registered' }, { status: 400 });
      }),
    );
    const { emailCard } = await openSettings();
    const card = within(emailCard);

    await userEvent.type(card.getByLabelText('New email'), 'not an email');
    await userEvent.click(card.getByRole('button', { name: 'Send confirmation link' }));
    expect(await card.findByText('Please enter a valid email address')).toBeTruthy();
    expect(card.getByText('Current password is required')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(card.getByLabelText('New email'));
    await userEvent.type(card.getByLabelText('New email'), 'taken@example.com');
    await userEvent.type(card.getByLabelText('Current password'), 'my password');
    await userEvent.click(card.getByRole('button', { name: 'Send confirmation link' }));
    expect((await card.findByRole('alert')).textContent).toBe('Email already registered');
    expect(sent).toHaveLength(1);
  });

  it('with two-factor on, asks for a code, shows the refusal of a wrong one at the field and keeps what was typed', async () => {
    account({ twoFactor: true });
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('changeEmail', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return (
          refuseCode(body) ??
          HttpResponse.json({ message: 'We sent a confirmation link to grace@example.com.' })
        );
      }),
    );
    const { emailCard } = await openSettings();
    const card = within(emailCard);
    const field = card.getByLabelText('Authentication code') as HTMLInputElement;
    expect(field.autocomplete).toBe('one-time-code');
    expect(field.inputMode).toBe('text');
    expect(descriptionOf(field)).toEqual([CODE_HINT]);

    await userEvent.type(card.getByLabelText('New email'), 'grace@example.com');
    await userEvent.type(card.getByLabelText('Current password'), 'my password');
    await userEvent.click(card.getByRole('button', { name: 'Send confirmation link' }));
    expect(await card.findByText('Enter a code')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(sent).toEqual([]);

    await userEvent.type(field, 'wrong-code');
    await userEvent.click(card.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(descriptionOf(field)).toEqual([CODE_HINT, 'Invalid code']));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(card.queryByRole('alert')).toBeNull();
    expect((card.getByLabelText('New email') as HTMLInputElement).value).toBe('grace@example.com');
    expect((card.getByLabelText('Current password') as HTMLInputElement).value).toBe('my password');
    expect(field.value).toBe('wrong-code');

    // Typing another code clears the refusal.
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('false'));
    expect(descriptionOf(field)).toEqual([CODE_HINT]);
    await userEvent.click(card.getByRole('button', { name: 'Send confirmation link' }));
    expect((await card.findByRole('status')).textContent).toMatch(/^Check your inbox at grace@example.com/);
    expect(sent).toEqual([
      { new_email: 'grace@example.com', password: 'my password', code: 'wrong-code' },
      { new_email: 'grace@example.com', password: 'my password', code: '123456' },
    ]);
    expect(field.value).toBe('');
  });

  it('shows the code field once the server asks for a code this page did not know of', async () => {
    // Two-factor was turned on elsewhere after this page read the account.
    account({ twoFactor: false });
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('changeEmail', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return refuseCode(body) ?? HttpResponse.json({ message: 'Sent' });
      }),
    );
    const { emailCard } = await openSettings();
    const card = within(emailCard);
    expect(card.queryByLabelText('Authentication code')).toBeNull();

    await userEvent.type(card.getByLabelText('New email'), 'grace@example.com');
    await userEvent.type(card.getByLabelText('Current password'), 'my password');
    await userEvent.click(card.getByRole('button', { name: 'Send confirmation link' }));
    const field = (await card.findByLabelText('Authentication code')) as HTMLInputElement;
    expect(descriptionOf(field)).toEqual([CODE_HINT, CODE_MISSING]);
    expect(document.activeElement).toBe(field);
    expect(sent).toEqual([{ new_email: 'grace@example.com', password: 'my password' }]);
  });

  it("shows the server's detail when too many wrong passwords were tried", async () => {
    account();
    server.use(
      mockEndpoint('changeEmail', () =>
        HttpResponse.json(
          { detail: 'Too many failed sign-in attempts. Try again in 15 minutes.' },
          { status: 429, headers: { 'Retry-After': '900' } },
        ),
      ),
    );
    const { emailCard } = await openSettings();
    const card = within(emailCard);
    await userEvent.type(card.getByLabelText('New email'), 'grace@example.com');
    await userEvent.type(card.getByLabelText('Current password'), 'my password');
    await userEvent.click(card.getByRole('button', { name: 'Send confirmation link' }));
    expect((await card.findByRole('alert')).textContent).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect((card.getByLabelText('Current password') as HTMLInputElement).value).toBe('my password');
  });

  it('asks an account without a password to set one first', async () => {
    account({ hasPassword: false });
    const { emailCard } = await openSettings();
    expect(within(emailCard).getByText(/Set a password above before changing your email/)).toBeTruthy();
    expect(within(emailCard).queryByLabelText('New email')).toBeNull();
  });
});

describe('the Danger zone card', () => {
  it('downloads the export as tessera-account-export.json', async () => {
    account();
    server.use(
      http.get('/api/auth/me/export', () => HttpResponse.json({ account: { email: 'ada@example.com' } })),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    await openSettings();

    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Your data was downloaded as tessera-account-export.json.')).toBeTruthy();
    expect(downloads).toEqual(['tessera-account-export.json blob:export']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]!);
    });
    expect(JSON.parse(text)).toEqual({ account: { email: 'ada@example.com' } });
  });

  it('says so when the export fails', async () => {
    account();
    server.use(mockEndpoint('exportMe', () => new HttpResponse(null, { status: 500 })));
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to export your data');
  });

  it("asks for the password, shows the server's refusal and keeps the account", async () => {
    account();
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('deleteMe', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { detail: 'Transfer ownership or remove the other members of Acme before deleting your account' },
          { status: 400 },
        );
      }),
    );
    const { router } = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));

    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Current password is required')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.type(dialog.getByLabelText('Current password'), 'my password');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Transfer ownership or remove the other members of Acme before deleting your account',
    );
    expect(sent).toEqual([{ password: 'my password' }]);
    expect(storage.get('accessToken')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/settings');

    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the button that opened the dialog.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete account' })),
    );
  });

  it('deletes a passwordless account with its email typed out, signs out and says so on the sign-in page', async () => {
    account({ hasPassword: false });
    const sent: unknown[] = [];
    const answer = holdBack();
    server.use(
      mockEndpoint('deleteMe', async ({ request }) => {
        sent.push(await request.json());
        await answer.released;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));

    await userEvent.type(
      dialog.getByLabelText('Type your email (ada@example.com) to confirm'),
      'ada@example.com',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('button', { name: 'Deleting…' })).toBeTruthy();
    answer.release();

    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Your account has been deleted.')).toBeTruthy();
    expect(sent).toEqual([{ confirm_email: 'ada@example.com' }]);
    expect(storage.get('accessToken')).toBeNull();
    expect(storage.get('userEmail')).toBeNull();
  });

  it('with two-factor on, asks for the password and a code, and sends both', async () => {
    account({ twoFactor: true });
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('deleteMe', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return refuseCode(body) ?? new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    const field = dialog.getByLabelText('Authentication code') as HTMLInputElement;
    expect(field.autocomplete).toBe('one-time-code');
    expect(descriptionOf(field)).toEqual([CODE_HINT]);

    // The first field left empty takes the focus.
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Current password is required')).toBeTruthy();
    expect(dialog.getByText('Enter a code')).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByLabelText('Current password'));

    await userEvent.type(dialog.getByLabelText('Current password'), 'my password');
    await userEvent.type(field, '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(sent).toEqual([{ password: 'my password', code: '123456' }]);
  });

  it('asks an account without a password but with two-factor on for its email and a code, the same way', async () => {
    account({ hasPassword: false, twoFactor: true });
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('deleteMe', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return refuseCode(body) ?? new HttpResponse(null, { status: 204 });
      }),
    );
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    const email = dialog.getByLabelText('Type your email (ada@example.com) to confirm') as HTMLInputElement;
    const field = dialog.getByLabelText('Authentication code') as HTMLInputElement;
    // One code field in the dialog, as in the rest of the page.
    expect(dialog.queryByLabelText('Authentication or recovery code')).toBeNull();

    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Enter a code')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(sent).toEqual([]);

    await userEvent.type(field, '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(descriptionOf(field)).toEqual([CODE_HINT, 'Invalid code']));
    expect(document.activeElement).toBe(field);
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(email.value).toBe('ada@example.com');
    expect(field.value).toBe('654321');
    expect(sent).toEqual([{ confirm_email: 'ada@example.com', code: '654321' }]);
    expect(storage.get('accessToken')).not.toBeNull();
  });

  it('asks for no code while two-factor is off', async () => {
    account({ twoFactor: false });
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Current password')).toBeTruthy();
    expect(dialog.queryByLabelText('Authentication code')).toBeNull();
  });
});
