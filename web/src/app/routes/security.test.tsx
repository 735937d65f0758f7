// /team/security (docs/contract.md section 4, Enterprise identity): the team's domains with the record to publish,
// Verify until verified, Add and Remove; its single sign-on provider; its SCIM token, shown once; and the server's
// refusals where they happened.
import type { Domain, ScimToken, SsoConnection, TeamSecurity } from '@app/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockEndpoint } from '@/testing/mocks/endpoint';
import { ACME_UUID } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const domain = (name: string, verified = false): Domain => ({
  id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  domain: name,
  verified,
  txt_name: `_tessera-challenge.${name}`,
  txt_value: `tessera-verification=${name}-value`,
});

/** The domain endpoints over one list; `published` are the domains whose record is there; the tenant of each call. */
function fakeDomains(initial: Domain[] = [], published = new Set<string>()) {
  let domains = [...initial];
  const tenants: (string | null)[] = [];
  server.use(
    mockEndpoint('listDomains', ({ request }) => {
      tenants.push(request.headers.get('x-tenant-uuid'));
      return HttpResponse.json(domains);
    }),
    mockEndpoint('addDomain', async ({ request }) => {
      const { domain: name } = (await request.json()) as { domain: string };
      if (name === 'gmail.com') {
        return HttpResponse.json(
          { detail: 'Public mail domains cannot be added', code: 'public_mail_domain' },
          { status: 400 },
        );
      }
      const added = domain(name);
      domains = [...domains, added];
      return HttpResponse.json(added, { status: 201 });
    }),
    mockEndpoint('verifyDomain', ({ params }) => {
      const found = domains.find((d) => d.id === params.id)!;
      if (!published.has(found.domain)) {
        return HttpResponse.json(
          { detail: 'TXT record not found', code: 'txt_record_not_found' },
          { status: 400 },
        );
      }
      domains = domains.map((d) => (d.id === found.id ? { ...d, verified: true } : d));
      return HttpResponse.json({ ...found, verified: true });
    }),
    mockEndpoint('removeDomain', ({ params }) => {
      domains = domains.filter((d) => d.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { tenants, published };
}

const NO_SCIM_TOKEN = { detail: 'This team has no SCIM token', code: 'scim_token_not_found' };

const noRules: TeamSecurity = {
  require_sso: false,
  require_two_factor: false,
  sso_ready: false,
  members_without_second_factor: 3,
  members_held_by_sso: 0,
};

// A team without single sign-on, rules or SCIM token, unless a test says otherwise.
beforeEach(() => {
  server.use(
    mockEndpoint('getSso', () =>
      HttpResponse.json({ detail: 'Single sign-on is not set up', code: 'sso_not_found' }, { status: 404 }),
    ),
    mockEndpoint('getTeamSecurity', () => HttpResponse.json(noRules)),
    mockEndpoint('getScimToken', () => HttpResponse.json(NO_SCIM_TOKEN, { status: 404 })),
  );
});

async function renderSecurity() {
  signIn();
  renderApp('/team/security');
  await screen.findByRole('heading', { level: 1, name: 'Security' });
  await screen.findByRole('form', { name: 'Add a domain' });
}

const rows = async () =>
  Array.from(
    (await screen.findByRole('list', { name: 'Domains' })).querySelectorAll(':scope > li'),
  ) as HTMLElement[];

describe('/team/security, Domains', () => {
  it('says what domains are for when the team has none', async () => {
    const api = fakeDomains();
    await renderSecurity();
    expect(await screen.findByText('No domains yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Domains' })).toBeNull();
    expect(new Set(api.tenants)).toEqual(new Set([ACME_UUID]));
  });

  it('adds a domain and shows the record to publish; Verify says when the record is not there, then verifies', async () => {
    const api = fakeDomains();
    const user = userEvent.setup();
    await renderSecurity();
    await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    const [row] = await rows();
    expect(within(row!).getByText('acme.example')).toBeTruthy();
    expect(within(row!).getByText('Not verified')).toBeTruthy();
    expect(within(row!).getByText('_tessera-challenge.acme.example')).toBeTruthy();
    expect(within(row!).getByText('tessera-verification=acme.example-value')).toBeTruthy();

    await user.click(within(row!).getByRole('button', { name: 'Verify acme.example' }));
    expect(await within(row!).findByText('TXT record not found')).toBeTruthy();

    api.published.add('acme.example');
    await user.click(within(row!).getByRole('button', { name: 'Verify acme.example' }));
    await waitFor(async () => expect(within((await rows())[0]!).getByText('Verified')).toBeTruthy());
    expect(screen.queryByText('_tessera-challenge.acme.example')).toBeNull();
  });

  it("shows the server's refusal of a domain above the form, and a field's own under it", async () => {
    fakeDomains();
    const user = userEvent.setup();
    await renderSecurity();
    await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'gmail.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Public mail domains cannot be added')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Domain' }));
    await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Enter a domain such as example.com')).toBeTruthy();
  });

  it('removes a domain after asking', async () => {
    fakeDomains([domain('corp.example', true)]);
    const user = userEvent.setup();
    await renderSecurity();
    const [row] = await rows();
    expect(within(row!).getByText('Verified')).toBeTruthy();
    await user.click(within(row!).getByRole('button', { name: 'Remove corp.example' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this domain?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    expect(await screen.findByText('No domains yet')).toBeTruthy();
  });

  it('says when the plan does not include domains', async () => {
    server.use(
      mockEndpoint('listDomains', () =>
        HttpResponse.json(
          { detail: 'This needs the Business plan', code: 'business_plan_required' },
          { status: 402 },
        ),
      ),
    );
    signIn();
    renderApp('/team/security');
    expect(await screen.findByText('This needs the Business plan')).toBeTruthy();
  });
});

describe('/team/security, Single sign-on', () => {
  const saved: SsoConnection = {
    issuer: 'https://login.acme.example',
    client_id: 'tessera-app',
    redirect_uri: 'http://localhost:3000/api/auth/sso/callback',
    enabled: false,
  };

  it('saves a provider: the secret is sent, never shown, and the redirect URI to register is', async () => {
    const bodies: unknown[] = [];
    fakeDomains();
    server.use(
      mockEndpoint('saveSso', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(saved);
      }),
    );
    await renderSecurity();
    const form = await screen.findByRole('form', { name: 'Single sign-on provider' });
    const inForm = within(form);
    await userEvent.type(inForm.getByLabelText('Issuer URL'), 'login.acme.example');
    await userEvent.click(inForm.getByRole('button', { name: 'Save provider' }));
    expect(
      await inForm.findByText('Enter the issuer as an https URL, such as https://login.example.com'),
    ).toBeTruthy();
    expect(bodies).toEqual([]);

    await userEvent.clear(inForm.getByLabelText('Issuer URL'));
    await userEvent.type(inForm.getByLabelText('Issuer URL'), 'https://login.acme.example');
    await userEvent.type(inForm.getByLabelText('Client ID'), 'tessera-app');
    await userEvent.type(inForm.getByLabelText('Client secret'), 's3cret');
    await userEvent.click(inForm.getByRole('button', { name: 'Save provider' }));
    expect(await screen.findByText('http://localhost:3000/api/auth/sso/callback')).toBeTruthy();
    expect(screen.getByText('Waiting for a verified domain')).toBeTruthy();
    expect(screen.queryByText('s3cret')).toBeNull();
    expect(bodies).toEqual([
      { issuer: 'https://login.acme.example', client_id: 'tessera-app', client_secret: 's3cret' },
    ]);
  });

  it('says why the server refused the provider', async () => {
    fakeDomains();
    server.use(
      mockEndpoint('saveSso', () =>
        HttpResponse.json(
          {
            detail: 'The discovery document names another issuer than the one given',
            code: 'sso_issuer_mismatch',
          },
          { status: 400 },
        ),
      ),
    );
    await renderSecurity();
    const form = await screen.findByRole('form', { name: 'Single sign-on provider' });
    await userEvent.type(
      within(form).getByLabelText('Issuer URL'),
      'https://login.microsoftonline.com/common/v2.0',
    );
    await userEvent.type(within(form).getByLabelText('Client ID'), 'app');
    await userEvent.type(within(form).getByLabelText('Client secret'), 'secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Save provider' }));
    expect(
      await within(form).findByText('The discovery document names another issuer than the one given'),
    ).toBeTruthy();
  });

  it('removes the provider after asking', async () => {
    let removed = 0;
    fakeDomains();
    server.use(
      mockEndpoint('getSso', () => HttpResponse.json({ ...saved, enabled: true })),
      mockEndpoint('removeSso', () => {
        removed++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderSecurity();
    expect(await screen.findByText('On')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test sign-in' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove single sign-on?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove single sign-on' }));
    await screen.findByRole('form', { name: 'Single sign-on provider' });
    expect(removed).toBe(1);
  });
});

describe('/team/security, Security rules', () => {
  it('says whom each rule reaches, and turns two-factor on', async () => {
    const bodies: unknown[] = [];
    fakeDomains();
    server.use(
      mockEndpoint('updateTeamSecurity', async ({ request }) => {
        const body = (await request.json()) as object;
        bodies.push(body);
        return HttpResponse.json({ ...noRules, ...body });
      }),
    );
    await renderSecurity();
    expect(await screen.findByText('3 members have no second factor yet.')).toBeTruthy();
    // require_sso stands on single sign-on: off, and it says what is missing.
    const sso = screen.getByRole('switch', { name: 'Require single sign-on' });
    expect(sso.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Set up single sign-on and verify a domain to turn this on.')).toBeTruthy();

    await userEvent.click(screen.getByRole('switch', { name: 'Require two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is now required.')).toBeTruthy();
    expect(
      screen.getByRole('switch', { name: 'Require two-factor authentication' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(bodies).toEqual([{ require_two_factor: true }]);
  });

  it('says why the server refused a rule', async () => {
    fakeDomains();
    server.use(
      mockEndpoint('updateTeamSecurity', () =>
        HttpResponse.json(
          {
            detail:
              'Sign in with a second factor yourself (an authenticator app or a passkey) before the team requires one',
            code: 'second_factor_first',
          },
          { status: 400 },
        ),
      ),
    );
    await renderSecurity();
    await userEvent.click(await screen.findByRole('switch', { name: 'Require two-factor authentication' }));
    expect(
      await screen.findByText(
        'Sign in with a second factor yourself (an authenticator app or a passkey) before the team requires one',
      ),
    ).toBeTruthy();
  });
});

describe('/team/security, Recent changes', () => {
  it("lists the team's sign-in changes from its log, and nothing else", async () => {
    fakeDomains();
    const entry = (n: number, action: string, target: string, actor: string | null) => ({
      uuid: `00000000-0000-4000-8000-00000000000${n}`,
      actor_email: actor,
      action,
      target,
      created_at: `2026-11-2${n}T10:00:00.000Z`,
    });
    server.use(
      mockEndpoint('listActivity', () =>
        HttpResponse.json([
          entry(7, 'member.provisioned', 'bo@acme.example', 'SCIM'),
          entry(6, 'scim.token_created', 'SCIM', 'ada@example.com'),
          entry(5, 'security.updated', 'require_sso: off (its provider, domain or plan is gone)', null),
          entry(4, 'item.created', 'Tile', 'ada@example.com'),
          entry(3, 'domain.verified', 'acme.example', 'ada@example.com'),
        ]),
      ),
    );
    await renderSecurity();
    const list = await screen.findByRole('list', { name: 'Recent changes' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^SCIM token created · SCIMada@example\.com · /),
      expect.stringMatching(/^Security rules changed · require_sso: off .*Tessera · /),
      expect.stringMatching(/^Domain verified · acme\.exampleada@example\.com · /),
    ]);
    expect(screen.getByRole('link', { name: 'See the whole activity log' }).getAttribute('href')).toBe(
      '/team/activity',
    );
  });
});

const BASE_URL = 'http://localhost:3000/api/scim/v2';
const RECENT_SIGN_IN =
  'For your security, sign in again to continue: this needs a sign-in from the last 15 minutes.';

/** The team's token as GET /scim-token shows it: made by ada, never used, unless told otherwise. */
const scimToken = (overrides: Partial<ScimToken> = {}): ScimToken => ({
  base_url: BASE_URL,
  created_at: '2026-03-01T10:00:00.000Z',
  created_by: 'ada@example.com',
  last_used_at: null,
  ...overrides,
});

/** The SCIM token endpoints over one team's token: each made one is `tscim_` and its number; the calls in order. */
function fakeScim(initial: ScimToken | null = null) {
  let current = initial;
  let made = 0;
  const calls: string[] = [];
  server.use(
    mockEndpoint('getScimToken', () =>
      current ? HttpResponse.json(current) : HttpResponse.json(NO_SCIM_TOKEN, { status: 404 }),
    ),
    mockEndpoint('createScimToken', ({ request }) => {
      calls.push(`create ${request.headers.get('x-tenant-uuid')}`);
      made += 1;
      current = scimToken();
      return HttpResponse.json({ token: `tscim_secret${made}`, base_url: BASE_URL }, { status: 201 });
    }),
    mockEndpoint('revokeScimToken', ({ request }) => {
      calls.push(`revoke ${request.headers.get('x-tenant-uuid')}`);
      current = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const scimCard = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'SCIM provisioning' })).closest<HTMLElement>(
    '[data-slot="card"]',
  )!;
const INTRO = 'Let your identity provider (Okta, Entra ID, …) add, deactivate and remove members.';

describe('/team/security, SCIM provisioning', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates a token and shows it once, with the base URL and Copy; then only when and by whom', async () => {
    const calls = fakeScim();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeDomains();
    await renderSecurity();
    const card = within(await scimCard());
    expect(await card.findByText(INTRO)).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'Create SCIM token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Copy your SCIM token' });
    const inDialog = within(dialog);
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Copy it now: it will not be shown again.',
    );
    const token = inDialog.getByRole('textbox', { name: 'Token' }) as HTMLInputElement;
    expect(token.value).toBe('tscim_secret1');
    expect(token.readOnly).toBe(true);
    // The token has the focus, selected: ready to copy from the keyboard.
    expect(document.activeElement).toBe(token);
    expect((inDialog.getByRole('textbox', { name: 'Base URL' }) as HTMLInputElement).value).toBe(BASE_URL);

    await userEvent.click(inDialog.getByRole('button', { name: 'Copy SCIM token' }));
    expect(writeText).toHaveBeenLastCalledWith('tscim_secret1');
    expect(await inDialog.findByRole('button', { name: 'Copied SCIM token' })).toBeTruthy();
    expect(inDialog.getByText('SCIM token copied to the clipboard').getAttribute('role')).toBe('status');
    await userEvent.click(inDialog.getByRole('button', { name: 'Copy SCIM base URL' }));
    expect(writeText).toHaveBeenLastCalledWith(BASE_URL);

    // A stray click outside keeps it; Done forgets it, and the focus goes back to the card.
    await userEvent.click(document.querySelector<HTMLElement>('[data-slot="dialog-overlay"]')!);
    expect(screen.getByRole('dialog', { name: 'Copy your SCIM token' })).toBeTruthy();
    await userEvent.click(inDialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'SCIM provisioning' }));

    expect(await card.findByText('Created on Mar 1, 2026 by ada@example.com')).toBeTruthy();
    expect(card.getByText('Never used')).toBeTruthy();
    expect((card.getByRole('textbox', { name: 'Base URL' }) as HTMLInputElement).value).toBe(BASE_URL);
    expect(card.getByRole('button', { name: 'Copy SCIM base URL' })).toBeTruthy();
    expect(card.queryByText(INTRO)).toBeNull();
    expect(document.body.innerHTML).not.toContain('tscim_secret1');
    expect(calls).toEqual([`create ${ACME_UUID}`]);
  });

  it("shows a token's maker and last use, and replaces it after asking: the new one is shown once", async () => {
    const calls = fakeScim(
      scimToken({
        created_at: '2026-02-01T10:00:00.000Z',
        created_by: null,
        last_used_at: '2026-03-05T08:00:00.000Z',
      }),
    );
    fakeDomains();
    await renderSecurity();
    const card = within(await scimCard());
    expect(await card.findByText('Created on Feb 1, 2026 by a deleted account')).toBeTruthy();
    expect(card.getByText('Last used Mar 5, 2026')).toBeTruthy();

    await userEvent.click(card.getByRole('button', { name: 'Replace token' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace the SCIM token?' });
    expect(confirm.textContent).toContain(
      'The current token stops working at once. Give your directory the new one, or it stops syncing members.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await userEvent.click(card.getByRole('button', { name: 'Replace token' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace token' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Copy your SCIM token' });
    expect((within(dialog).getByRole('textbox', { name: 'Token' }) as HTMLInputElement).value).toBe(
      'tscim_secret1',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await card.findByText('Created on Mar 1, 2026 by ada@example.com')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('tscim_secret1');
    expect(calls).toEqual([`create ${ACME_UUID}`]);
  });

  it('revokes the token after asking, and says so', async () => {
    const calls = fakeScim(scimToken());
    fakeDomains();
    await renderSecurity();
    const card = within(await scimCard());
    await userEvent.click(await card.findByRole('button', { name: 'Revoke token' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke the SCIM token?' });
    expect(confirm.textContent).toContain(
      'The current token stops working at once, and your directory stops syncing',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));

    expect(await card.findByText(INTRO)).toBeTruthy();
    expect(card.getByRole('status').textContent).toBe(
      'SCIM token revoked: your directory no longer reaches the team.',
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'SCIM provisioning' }));
    expect(card.queryByRole('textbox', { name: 'Base URL' })).toBeNull();
    expect(calls).toEqual([`revoke ${ACME_UUID}`]);
  });

  it('says when the plan does not include SCIM, and shows no token', async () => {
    fakeDomains();
    server.use(
      mockEndpoint('createScimToken', () =>
        HttpResponse.json(
          { detail: 'This needs the Business plan', code: 'business_plan_required' },
          { status: 402 },
        ),
      ),
    );
    await renderSecurity();
    const card = within(await scimCard());
    await userEvent.click(await card.findByRole('button', { name: 'Create SCIM token' }));
    expect((await card.findByRole('alert')).textContent).toBe('This needs the Business plan');
    expect(card.queryByRole('button', { name: 'Sign in again' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers a fresh sign-in when the last one is too old, to create or to read the token', async () => {
    fakeDomains();
    server.use(
      mockEndpoint('createScimToken', () =>
        HttpResponse.json({ detail: RECENT_SIGN_IN, code: 'recent_sign_in_required' }, { status: 403 }),
      ),
    );
    await renderSecurity();
    let card = within(await scimCard());
    await userEvent.click(await card.findByRole('button', { name: 'Create SCIM token' }));
    expect((await card.findByRole('alert')).textContent).toBe(RECENT_SIGN_IN);
    expect(card.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    cleanup();

    server.use(
      mockEndpoint('getScimToken', () =>
        HttpResponse.json({ detail: RECENT_SIGN_IN, code: 'recent_sign_in_required' }, { status: 403 }),
      ),
    );
    await renderSecurity();
    card = within(await scimCard());
    const alert = await card.findByRole('alert');
    expect(alert.textContent).toBe(`${RECENT_SIGN_IN}Try again`);
    expect(card.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Create SCIM token' })).toBeNull();
  });
});
