import type { PasskeyRegistrationOptions } from '@app/contract';

import { mockEndpoint } from '@/testing/mocks/endpoint';
import type { Passkey } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { me } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const browser = vi.hoisted(() => ({ supported: true, startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => browser.supported,
  startRegistration: browser.startRegistration,
}));

const OPTIONS: PasskeyRegistrationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Tessera', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'ada@example.com' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  timeout: 300000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  extensions: { credProps: true },
  hints: [],
};
// As @simplewebauthn/browser answers it: with the browser's extension results, none here.
const REGISTRATION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};
const laptop: Passkey = {
  id: '66666666-6666-4666-8666-000000000001',
  name: 'Work laptop',
  created_at: '2026-03-02T12:00:00.000Z',
  last_used_at: '2026-04-05T12:00:00.000Z',
};
const phone: Passkey = {
  id: '66666666-6666-4666-8666-000000000002',
  name: 'Safari on iOS',
  created_at: '2026-01-10T12:00:00.000Z',
  last_used_at: null,
};

/** /auth/passkeys over an in-memory list, as the server keeps it; records what was sent. */
function fakePasskeys(initial: Passkey[], { verify }: { verify?: () => Response } = {}) {
  let passkeys = [...initial];
  const calls: unknown[] = [];
  server.use(
    mockEndpoint('listPasskeys', () => HttpResponse.json(passkeys)),
    mockEndpoint('passkeyRegisterOptions', () => {
      calls.push('options');
      return HttpResponse.json(OPTIONS);
    }),
    mockEndpoint('passkeyRegisterVerify', async ({ request }) => {
      calls.push(await request.json());
      if (verify) return verify();
      const added = { ...phone, id: '66666666-6666-4666-8666-000000000003', name: 'Chrome on Linux' };
      passkeys = [added, ...passkeys];
      return HttpResponse.json(added, { status: 201 });
    }),
    mockEndpoint('deletePasskey', ({ params }) => {
      calls.push(`delete ${String(params.id)}`);
      passkeys = passkeys.filter((passkey) => passkey.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

async function renderCard() {
  signIn();
  renderApp('/settings');
  return screen.findByRole('heading', { level: 2, name: 'Passkeys' });
}

beforeEach(() => {
  browser.supported = true;
  browser.startRegistration.mockReset();
});

describe('/settings, Passkeys', () => {
  it('lists each passkey by name, when it was added and last used', async () => {
    fakePasskeys([laptop, phone]);
    await renderCard();
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Work laptopAdded Mar 2, 2026 · Last used Apr 5, 2026Remove',
      'Safari on iOSAdded Jan 10, 2026 · Never usedRemove',
    ]);
  });

  it('says when there are none yet', async () => {
    fakePasskeys([]);
    await renderCard();
    expect(await screen.findByText('No passkeys yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Passkeys' })).toBeNull();
  });

  it('adds a passkey through the browser’s prompt, says so and lists it', async () => {
    const calls = fakePasskeys([laptop]);
    browser.startRegistration.mockResolvedValue(REGISTRATION);
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));

    expect(await screen.findByText('Added the passkey “Chrome on Linux”.')).toBeTruthy();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(calls).toEqual(['options', REGISTRATION]);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  it('says it is waiting while the prompt is open', async () => {
    fakePasskeys([]);
    browser.startRegistration.mockReturnValue(new Promise(() => {}));
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const waiting = await screen.findByRole('button', { name: /Waiting for your passkey…/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
  });

  it('answers a closed prompt calmly, sending nothing', async () => {
    const calls = fakePasskeys([]);
    browser.startRegistration.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));

    const message = await screen.findByText('The passkey prompt was closed before it finished.');
    expect(message.closest('[role]')?.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual(['options']);
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  it("shows the server's refusal in a red box", async () => {
    fakePasskeys([], {
      verify: () => HttpResponse.json({ detail: 'This passkey is already registered' }, { status: 400 }),
    });
    browser.startRegistration.mockResolvedValue(REGISTRATION);
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This passkey is already registered');
  });

  it('removes a passkey after asking, named in its button and the question', async () => {
    const calls = fakePasskeys([laptop, phone]);
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this passkey?' });
    expect(dialog.textContent).toContain('“Work laptop” will no longer sign you in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));

    expect(await screen.findByText('Removed the passkey “Work laptop”.')).toBeTruthy();
    expect(calls).toEqual([`delete ${laptop.id}`]);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('removes nothing when the question is cancelled', async () => {
    const calls = fakePasskeys([laptop]);
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this passkey?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('says when the list cannot load, and loads it on Try again', async () => {
    let attempts = 0;
    server.use(
      mockEndpoint('listPasskeys', async () => {
        attempts += 1;
        await delay(10);
        return attempts === 1
          ? HttpResponse.json({ detail: 'Service temporarily unavailable' }, { status: 503 })
          : HttpResponse.json([laptop]);
      }),
    );
    await renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service temporarily unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Passkeys' })).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('offers no Add button where the browser cannot make passkeys, and says why', async () => {
    browser.supported = false;
    fakePasskeys([laptop]);
    await renderCard();
    expect(await screen.findByText(/This browser cannot create passkeys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove passkey Work laptop' })).toBeTruthy();
  });

  it('asks an unverified account to verify its email instead of offering Add', async () => {
    fakePasskeys([]);
    server.use(mockEndpoint('getMe', () => HttpResponse.json({ ...me, is_verified: false })));
    await renderCard();
    expect(await screen.findByText('Verify your email to add a passkey.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
