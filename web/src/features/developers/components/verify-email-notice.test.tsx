// /team/developers for an account whose email is unverified: the server makes no API key or webhook endpoint for it
// (`email_unverified`), so the page shows one notice, with Resend verification email, instead of both forms.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { changeLocale } from '@/lib/i18n/i18n';
import { holdBack } from '@/testing/hold-back';
import { apiKey, fakeDevelopers, webhook } from '@/testing/mocks/developers';
import { mockEndpoint } from '@/testing/mocks/endpoint';
import { me } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const NOTICE = 'Verify your email address to create API keys and webhook endpoints.';
const SENT = 'Verification email sent. Open the link in it, then reload this page.';

async function renderDevelopers(title = 'Developers') {
  signIn();
  renderApp('/team/developers');
  await screen.findByRole('heading', { level: 1, name: title });
}

afterEach(async () => {
  // The shell applied the account's language: the next test starts in English again.
  await changeLocale('en');
});

describe('/team/developers, an unverified email', () => {
  it('shows one notice instead of the Create API key and Add endpoint forms, and still lists keys and endpoints', async () => {
    const api = fakeDevelopers({
      keys: [apiKey('CI deploys', 1)],
      webhooks: [webhook('https://hooks.example.com/tessera', 1)],
      verified: false,
    });
    await renderDevelopers();
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'API keys' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Webhook endpoints' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create API key' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add endpoint' })).toBeNull();
    expect(screen.getAllByText(NOTICE)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Resend verification email' })).toHaveLength(1);
    // A notice, not an error.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST', '/auth/verify-email/resend')).toEqual([]);
  });

  it('mails a new link on Resend, waiting meanwhile, then says to open it and reload', async () => {
    const api = fakeDevelopers({ verified: false });
    const answer = holdBack();
    // Held, then answered by the fake (which records the call).
    server.use(
      mockEndpoint('resendVerification', async () => {
        await answer.released;
      }),
    );
    await renderDevelopers();
    const resend = await screen.findByRole('button', { name: 'Resend verification email' });
    await userEvent.click(resend);

    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(true));
    expect(within(resend).getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText(SENT)).toBeNull();
    answer.release();

    const sent = await screen.findByText(SENT);
    expect(sent.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(false));
    expect(within(resend).queryByRole('status')).toBeNull();
    expect(
      api.callsTo('POST', '/auth/verify-email/resend').map(({ body, tenant }) => [body, tenant]),
    ).toEqual([[undefined, null]]);
    // Still unverified until the link is opened: the forms stay away.
    expect(screen.queryByRole('form', { name: 'Create API key' })).toBeNull();
  });

  it("shows the server's refusal of the resend", async () => {
    fakeDevelopers({ verified: false });
    server.use(
      mockEndpoint('resendVerification', () =>
        HttpResponse.json(
          { detail: 'Too many verification emails. Try again later.', code: 'rate_limited' },
          { status: 429 },
        ),
      ),
    );
    await renderDevelopers();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many verification emails. Try again later.',
    );
    expect(screen.queryByText(SENT)).toBeNull();
  });

  it('says so in German, the server’s refusal too', async () => {
    const api = fakeDevelopers({
      webhooks: [
        webhook('https://orphan.example.com/in', 1, {
          enabled: false,
          disabled_reason: 'maker_left',
          created_by_email: 'bo@example.com',
        }),
      ],
      verified: false,
    });
    server.use(mockEndpoint('getMe', () => HttpResponse.json({ ...me, is_verified: false, locale: 'de' })));
    await renderDevelopers('Entwickler');
    expect(
      await screen.findByText(
        'Bestätigen Sie Ihre E-Mail-Adresse, um API-Schlüssel und Webhook-Endpunkte zu erstellen.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Deaktiviert, als sein Ersteller das Team verlassen hat')).toBeTruthy();
    expect(screen.getByText('Erstellt von bo@example.com')).toBeTruthy();

    // Verified meanwhile in another tab: the server says so.
    api.state.verified = true;
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ihre E-Mail-Adresse ist bereits bestätigt');
  });
});

describe('/team/developers, a verified email', () => {
  it('shows both forms and no notice', async () => {
    fakeDevelopers();
    await renderDevelopers();
    expect(await screen.findByRole('form', { name: 'Create API key' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Add endpoint' })).toBeTruthy();
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });
});
