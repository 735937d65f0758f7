// Invoices of the local provider: the paginated list, who may download, and the PDF behind the short-lived link —
// a real PDF, read back with pdf.js, naming the team and the amount.
import type { Invoice } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  registerUser,
  TestClock,
  type TestApp,
  testConfig,
} from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { LONG_LIVED_TOKENS, subscribeLocally } from '../../../test/local-billing.ts';

const DAY = 86_400_000;
let app: TestApp;
const clock = new TestClock(new Date('2026-06-01T12:00:00Z'));
let owner: { access_token: string };
let team: { uuid: string };
let headers: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp({ clock, config: testConfig(LONG_LIVED_TOKENS) });
  owner = await registerUser(app);
  team = await createTeam(app, owner, 'Müller & Söhne GmbH');
  headers = inTenant(owner.access_token, team.uuid);
  await subscribeLocally(app, owner, team.uuid, 'pro', 'monthly');
  // Two renewals (July 1 and August 1): three invoices in all. Now: August 2, 12:00.
  clock.advance(62 * DAY);
});
afterAll(() => app.close());

const listInvoices = (query = '') =>
  app.inject({ method: 'GET', url: `/api/payments/invoices${query}`, headers });

const download = (id: string, as = headers) =>
  app.inject({ method: 'GET', url: `/api/payments/invoices/${id}/download`, headers: as });

describe('the invoice list', () => {
  it('is newest first and pages with limit and X-Next-Cursor', async () => {
    const all = (await listInvoices()).json() as Invoice[];
    expect(all.map((invoice) => invoice.created_at)).toEqual([
      '2026-08-01T12:00:00.000Z',
      '2026-07-01T12:00:00.000Z',
      '2026-06-01T12:00:00.000Z',
    ]);

    const first = await listInvoices('?limit=2');
    expect(first.json()).toEqual(all.slice(0, 2));
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toEqual(expect.any(String));
    const last = await listInvoices(`?limit=2&cursor=${cursor}`);
    expect(last.json()).toEqual(all.slice(2));
    expect(last.headers['x-next-cursor']).toBeUndefined();

    expect((await listInvoices('?limit=0')).statusCode).toBe(422);
    expect((await listInvoices('?cursor=bogus')).statusCode).toBe(422);
  });

  it('shows one team only', async () => {
    const other = await registerUser(app);
    const otherTeam = await createTeam(app, other, 'Elsewhere');
    const response = await app.inject({
      method: 'GET',
      url: '/api/payments/invoices',
      headers: inTenant(other.access_token, otherTeam.uuid),
    });
    expect(response.json()).toEqual([]);
  });
});

describe('downloading an invoice', () => {
  it('gives admins and the owner a short-lived link to the app’s PDF; members get 403', async () => {
    const [invoice] = (await listInvoices()).json() as Invoice[];
    const link = await download(invoice!.id);
    expect(link.statusCode).toBe(200);
    expect(link.json().download_url).toMatch(
      new RegExp(`^/api/payments/invoices/${invoice!.id}/pdf\\?token=[\\w.-]+$`),
    );

    const admin = await joinTeam(app, owner, team.uuid, 'admin');
    expect((await download(invoice!.id, inTenant(admin.access_token, team.uuid))).statusCode).toBe(200);
    const member = await joinTeam(app, owner, team.uuid, 'member');
    const refused = await download(invoice!.id, inTenant(member.access_token, team.uuid));
    expect(refused.statusCode).toBe(403);
  });

  it('serves a real PDF naming the team, the plan and the amount, as an attachment, without a bearer header', async () => {
    const [invoice] = (await listInvoices()).json() as Invoice[];
    const { download_url } = (await download(invoice!.id)).json() as { download_url: string };
    const response = await app.inject({ method: 'GET', url: download_url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice!.number}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { pages, text } = await pdfText(response.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Müller & Söhne GmbH');
    expect(text).toContain('$29.00');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Pro plan (monthly), Aug 1, 2026 – Sep 1, 2026');
    expect(text).toContain('Paid');
  });

  it('a plan change’s invoice shows the credit for unused time', async () => {
    clock.advance(15 * DAY); // August 17: 15 of the period's 31 days are left
    const changed = await app.inject({
      method: 'POST',
      url: '/api/payments/local/portal/change-plan',
      headers,
      payload: { plan_id: 'business', billing_interval: 'monthly' },
    });
    expect(changed.statusCode).toBe(200);
    // Business is per seat: the owner and the two members.
    expect(changed.json()).toMatchObject({ quantity: 3, unit_amount: 9900, amount: 29700 });
    const [invoice] = (await listInvoices()).json() as Invoice[];
    const credit = Math.round((2900 * 15) / 31);
    expect(invoice!.amount).toBe(29700 - credit);
    const { download_url } = (await download(invoice!.id)).json() as { download_url: string };
    const { text } = await pdfText((await app.inject({ method: 'GET', url: download_url })).rawPayload);
    expect(text).toContain('Business plan (monthly)');
    expect(text).toContain('$99.00');
    expect(text).toContain('$297.00');
    expect(text).toContain('Credit applied');
    expect(text).toContain(`-$${(credit / 100).toFixed(2)}`);
    expect(text).toContain(`$${((29700 - credit) / 100).toFixed(2)}`);
  });

  it('refuses a link that is forged, for another invoice, or older than five minutes', async () => {
    const [newest, older] = (await listInvoices()).json() as Invoice[];
    const { download_url } = (await download(newest!.id)).json() as { download_url: string };
    const token = new URL(download_url, 'http://x').searchParams.get('token')!;
    // The signature's first character changed: its last one carries bits a decoder may ignore.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    const attempts = [
      `/api/payments/invoices/${newest!.id}/pdf`,
      `/api/payments/invoices/${newest!.id}/pdf?token=${forged}`,
      `/api/payments/invoices/${older!.id}/pdf?token=${token}`,
      `/api/payments/invoices/not-a-uuid/pdf?token=${token}`,
    ];
    for (const url of attempts) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({
        detail: 'This download link has expired. Download the invoice again.',
        code: 'download_link_expired',
      });
    }
    // An access token is no link either.
    const withAccessToken = await app.inject({
      method: 'GET',
      url: `/api/payments/invoices/${newest!.id}/pdf?token=${owner.access_token}`,
    });
    expect(withAccessToken.statusCode).toBe(401);

    clock.advance(5 * 60_000 + 1000);
    expect((await app.inject({ method: 'GET', url: download_url })).statusCode).toBe(401);
  });

  it('another team’s invoice is not found', async () => {
    const [invoice] = (await listInvoices()).json() as Invoice[];
    const other = await registerUser(app);
    const otherTeam = await createTeam(app, other, 'Elsewhere');
    const response = await download(invoice!.id, inTenant(other.access_token, otherTeam.uuid));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Invoice not found', code: 'invoice_not_found' });
    expect((await download('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download('nope')).statusCode).toBe(404);
  });
});
