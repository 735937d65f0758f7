// /team/security, Domains (docs/contract.md section 4, Enterprise identity): the team's domains with the record to
// publish, Verify until verified, Add and Remove, and the server's refusals where they happened.
import type { Domain } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

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
