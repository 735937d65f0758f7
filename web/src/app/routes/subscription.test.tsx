import { mockEndpoint } from '@/testing/mocks/endpoint';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  fakeBilling,
  invoice,
  seatSubscription,
  subscription,
  upcomingInvoice,
} from '@/testing/mocks/billing';
import { acme, ACME_UUID, publicConfig } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fakeTeams } from '@/testing/mocks/teams';
import { renderApp, signIn } from '@/testing/render-app';

/** The tab window.open gives: checkout, the portal and invoices open in it (docs/spec.md section 7). */
let tab: {
  opener: unknown;
  closed: boolean;
  close: () => void;
  document: { title: string };
  location: { href: string };
};
let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  tab = { opener: window, closed: false, close: vi.fn(), document: { title: '' }, location: { href: '' } };
  open = vi.fn(() => tab);
  vi.stubGlobal('open', open);
});
afterEach(() => vi.unstubAllGlobals());

async function renderSubscription() {
  signIn();
  renderApp('/subscription');
  await screen.findByRole('heading', { level: 1, name: 'Subscription' });
  await screen.findByRole('group', { name: 'Pro' });
  // The subscription and the invoices have loaded too.
  await waitFor(() => expect(screen.queryAllByRole('status', { name: 'Loading' })).toEqual([]));
}

const planCard = (name: string) => within(screen.getByRole('group', { name }));
const currentCard = () =>
  within(
    screen.getByRole('heading', { level: 2, name: 'Current subscription' }).closest('[data-slot=card]')!,
  );
const historyCard = () =>
  within(screen.getByRole('heading', { level: 2, name: 'Billing history' }).closest('[data-slot=card]')!);
const nextInvoiceCard = () =>
  within(screen.getByRole('heading', { level: 2, name: 'Next invoice' }).closest('[data-slot=card]')!);
/** The cells of each body row of a lines table, as text. */
const lineCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('[role=cell], [role=rowheader]')].map((cell) => cell.textContent));

describe('/subscription plan picker', () => {
  it("starts on annual ('Save 50%') with the per-month price and what is billed; monthly on the toggle", async () => {
    fakeBilling();
    await renderSubscription();
    const annual = screen.getByRole('radio', { name: /Annual/ });
    expect(annual.textContent).toContain('Save 50%');
    expect(annual.getAttribute('aria-checked')).toBe('true');
    // Pro: $49 a month, $294 a year = $24.50 a month.
    expect(planCard('Pro').getByText('$24.50')).toBeTruthy();
    expect(planCard('Pro').getByText('billed $294 annually')).toBeTruthy();
    expect(planCard('Starter').getByText('$9.50')).toBeTruthy();
    expect(planCard('Starter').getByText('billed $114 annually')).toBeTruthy();
    expect(planCard('Business').getByText('Dedicated support')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(annual.getAttribute('aria-checked')).toBe('false');
    expect(planCard('Pro').getByText('$49')).toBeTruthy();
    expect(planCard('Pro').getByText('billed monthly')).toBeTruthy();
    expect(planCard('Pro').queryByText(/annually/)).toBeNull();
    expect(planCard('Business').getByText('$99')).toBeTruthy();
  });

  it('shows the test-mode card before checkout, then opens checkout in a new tab from the click', async () => {
    const api = fakeBilling();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderSubscription();
    await userEvent.click(planCard('Pro').getByRole('button', { name: 'Upgrade to Pro' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Test mode' }));
    expect(dialog.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(dialog.getByText('Any future date')).toBeTruthy();
    expect(dialog.getByText('Any 3 digits')).toBeTruthy();
    expect(dialog.getByText(/Pro, billed annually/)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Copy card number' }));
    expect(writeText).toHaveBeenCalledWith('4242 4242 4242 4242');
    expect(await dialog.findByRole('button', { name: 'Copied card number' })).toBeTruthy();
    expect(api.callsTo('POST', '/payments/checkout')).toEqual([]);

    await userEvent.click(dialog.getByRole('button', { name: 'Continue to checkout' }));
    // The tab opens inside the click, before the checkout URL is known, so no popup blocker stops it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(tab.location.href).toBe(
        'http://localhost:3000/billing/checkout/77777777-7777-4777-8777-777777777777',
      ),
    );
    expect(tab.opener).toBeNull();
    expect(api.callsTo('POST', '/payments/checkout').map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ plan_id: 'pro', billing_interval: 'annual' }, ACME_UUID],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes straight to checkout with Stripe, on the interval chosen', async () => {
    const api = fakeBilling();
    server.use(
      mockEndpoint('getPublicConfig', () =>
        HttpResponse.json({ ...publicConfig, payments_provider: 'stripe' }),
      ),
    );
    await renderSubscription();
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await userEvent.click(planCard('Starter').getByRole('button', { name: 'Upgrade to Starter' }));
    await waitFor(() => expect(tab.location.href).toMatch(/\/billing\/checkout\//));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/payments/checkout').map(({ body }) => body)).toEqual([
      { plan_id: 'starter', billing_interval: 'monthly' },
    ]);
  });

  it("shows 'Failed to start checkout' and closes the tab when checkout fails", async () => {
    fakeBilling();
    server.use(mockEndpoint('createCheckout', () => new HttpResponse(null, { status: 500 })));
    await renderSubscription();
    await userEvent.click(planCard('Pro').getByRole('button', { name: 'Upgrade to Pro' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to start checkout');
    expect(tab.close).toHaveBeenCalled();
  });

  it("shows 'Failed to load plans'", async () => {
    fakeBilling();
    server.use(mockEndpoint('listPlans', () => new HttpResponse(null, { status: 500 })));
    signIn();
    renderApp('/subscription');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load plans');
  });
});

describe('/subscription current subscription', () => {
  it("says 'No Subscription' and offers 'Upgrade Plan' and the 'Free Plan' in the shell", async () => {
    fakeBilling();
    await renderSubscription();
    expect(currentCard().getByText('No Subscription')).toBeTruthy();
    expect(currentCard().getByText('No active subscription')).toBeTruthy();
    expect(currentCard().queryByRole('button', { name: /Manage billing/ })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Upgrade Plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /ada@example\.com/ }).textContent).toContain('Free Plan');
  });

  it("shows an active plan with 'Renews on {date}', marks it, and changes plan only through the portal", async () => {
    const api = fakeBilling({ subscription: subscription({ plan_id: 'pro', billing_interval: 'annual' }) });
    await renderSubscription();
    await waitFor(() => expect(currentCard().getByText('Active')).toBeTruthy());
    expect(currentCard().getByText('Pro')).toBeTruthy();
    expect(currentCard().getByText('$294 per year, billed annually')).toBeTruthy();
    expect(currentCard().getByText('Renews on March 14, 2027')).toBeTruthy();
    expect(planCard('Pro').getByText('Current plan', { selector: '[data-slot=badge]' })).toBeTruthy();
    expect(
      (planCard('Pro').getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // No second subscription: every other choice opens the billing portal.
    expect(screen.queryByRole('button', { name: /^Upgrade to/ })).toBeNull();
    await userEvent.click(planCard('Business').getByRole('button', { name: 'Switch to Business' }));
    await waitFor(() =>
      expect(tab.location.href).toBe(`http://localhost:3000/billing/portal?tenant=${ACME_UUID}`),
    );
    expect(api.callsTo('POST', '/payments/checkout')).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(planCard('Pro').getByRole('button', { name: 'Switch to monthly billing' })).toBeTruthy();

    // The shell: no 'Upgrade Plan', and the plan id in the user menu (docs/spec.md section 2).
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    expect(screen.getByRole('button', { name: /ada@example\.com/ }).textContent).toContain('pro');
  });

  it("says 'Cancels on {date}' for a subscription set to cancel, and opens the portal from 'Manage billing'", async () => {
    const api = fakeBilling({ subscription: subscription({ cancel_at_period_end: true }) });
    await renderSubscription();
    expect(await currentCard().findByText('Cancels on March 14, 2027')).toBeTruthy();
    expect(currentCard().queryByText(/Renews on/)).toBeNull();
    await userEvent.click(currentCard().getByRole('button', { name: /Manage billing/ }));
    await waitFor(() => expect(tab.location.href).toContain('/billing/portal?tenant='));
    expect(api.callsTo('POST', '/payments/portal')).toHaveLength(1);
  });

  it("shows 'Failed to open billing portal' when the portal cannot be opened", async () => {
    fakeBilling({ subscription: subscription() });
    server.use(mockEndpoint('createPortal', () => new HttpResponse(null, { status: 502 })));
    await renderSubscription();
    await userEvent.click(await currentCard().findByRole('button', { name: /Manage billing/ }));
    expect((await currentCard().findByRole('alert')).textContent).toBe('Failed to open billing portal');
    expect(tab.close).toHaveBeenCalled();
  });

  it("shows the 'Trialing' and 'Past Due' labels, and 'Failed to load subscription data'", async () => {
    const api = fakeBilling({ subscription: subscription({ status: 'trialing' }) });
    await renderSubscription();
    expect(await currentCard().findByText('Trialing')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();

    api.state.subscription = subscription({ status: 'past_due' });
    act(() => window.dispatchEvent(new Event('focus')));
    expect(await currentCard().findByText('Past Due')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Upgrade Plan' })).toBeTruthy();

    server.use(mockEndpoint('getSubscription', () => new HttpResponse(null, { status: 500 })));
    act(() => window.dispatchEvent(new Event('focus')));
    expect((await currentCard().findByRole('alert')).textContent).toContain(
      'Failed to load subscription data',
    );
  });

  it("says 'Trial ends on {date}' in the card and the user menu while the team is trialing", async () => {
    const trial = { status: 'trialing', trial_ends_at: '2026-06-15T12:00:00.000Z' } as const;
    const api = fakeBilling({ subscription: subscription(trial) });
    await renderSubscription();
    expect(await currentCard().findByText('Trial ends on June 15, 2026')).toBeTruthy();
    expect(currentCard().queryByText(/Renews on/)).toBeNull();
    const menu = screen.getByRole('button', { name: /ada@example\.com/ });
    expect(menu.textContent).toContain('Trial ends on June 15, 2026');

    // Once it is paid, neither says it any more.
    api.state.subscription = subscription({ ...trial, status: 'active', trial_ends_at: null });
    act(() => window.dispatchEvent(new Event('focus')));
    expect(await currentCard().findByText('Renews on March 14, 2027')).toBeTruthy();
    expect(screen.queryByText(/Trial ends on/)).toBeNull();
  });

  it('reads the subscription again when the user comes back to the tab', async () => {
    const api = fakeBilling();
    await renderSubscription();
    expect(currentCard().getByText('No Subscription')).toBeTruthy();
    api.state.subscription = subscription();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(await currentCard().findByText('Active')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull());
  });
});

describe('/subscription billing history', () => {
  it("lists invoices: Download for paid ones (a new tab), 'Pending payment', 'Payment failed'", async () => {
    const api = fakeBilling({
      subscription: subscription(),
      invoices: [invoice(3, 'failed'), invoice(2, 'pending', 4900), invoice(1, 'paid')],
    });
    await renderSubscription();
    const rows = await historyCard().findAllByRole('row');
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['INV-0003', 'Mar 14, 2026', '$294', 'Payment failed', 'Show lines of invoice INV-0003'],
      [
        'INV-0002',
        'Feb 14, 2026',
        '$49',
        'Pending paymentDue Feb 20, 2026',
        'Show lines of invoice INV-0002',
      ],
      ['INV-0001', 'Jan 14, 2026', '$294', 'Paid', 'Show lines of invoice INV-0001Download invoice INV-0001'],
    ]);
    await userEvent.click(historyCard().getByRole('button', { name: 'Download invoice INV-0001' }));
    await waitFor(() =>
      expect(tab.location.href).toBe(
        `http://localhost:3000/api/payments/invoices/${invoice(1, 'paid').id}/pdf`,
      ),
    );
    expect(api.callsTo('GET', `/payments/invoices/${invoice(1, 'paid').id}/download`)).toHaveLength(1);
  });

  it("says 'No Invoices' when there are none", async () => {
    fakeBilling();
    await renderSubscription();
    expect(await historyCard().findByText('No Invoices')).toBeTruthy();
  });

  it("pages with 'Load more', and keeps the shown invoices when a later page fails", async () => {
    fakeBilling({ subscription: subscription() });
    let laterPageFails = true;
    const cursors: (string | null)[] = [];
    server.use(
      mockEndpoint('listInvoices', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        if (!cursor) {
          return HttpResponse.json([invoice(3, 'paid'), invoice(2, 'paid')], {
            headers: { 'X-Next-Cursor': 'page-2' },
          });
        }
        if (laterPageFails) return new HttpResponse(null, { status: 500 });
        return HttpResponse.json([invoice(1, 'paid')]);
      }),
    );
    await renderSubscription();
    const numbers = () =>
      historyCard()
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent?.slice(0, 8));
    await historyCard().findByRole('button', { name: 'Download invoice INV-0003' });
    expect(numbers()).toEqual(['INV-0003', 'INV-0002']);

    await userEvent.click(historyCard().getByRole('button', { name: 'Load more' }));
    expect((await historyCard().findByRole('alert')).textContent).toBe('Failed to load subscription data');
    expect(numbers()).toEqual(['INV-0003', 'INV-0002']);

    laterPageFails = false;
    await userEvent.click(historyCard().getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(numbers()).toEqual(['INV-0003', 'INV-0002', 'INV-0001']));
    expect(historyCard().queryByRole('alert')).toBeNull();
    expect(historyCard().queryByRole('button', { name: 'Load more' })).toBeNull();
    expect([...new Set(cursors)]).toEqual([null, 'page-2']);
  });

  it("shows 'Failed to download invoice'", async () => {
    fakeBilling({ subscription: subscription(), invoices: [invoice(1, 'paid')] });
    server.use(mockEndpoint('getInvoiceDownloadLink', () => new HttpResponse(null, { status: 500 })));
    await renderSubscription();
    await userEvent.click(await historyCard().findByRole('button', { name: /Download/ }));
    expect((await historyCard().findByRole('alert')).textContent).toBe('Failed to download invoice');
  });
});

describe('/subscription for a member', () => {
  it('shows the plans, the subscription and the invoices, and no button the server would refuse', async () => {
    fakeTeams({ tenants: [{ ...acme, user_role: 'member' }] });
    const api = fakeBilling({ role: 'member', subscription: subscription(), invoices: [invoice(1, 'paid')] });
    await renderSubscription();
    expect(await currentCard().findByText('Renews on March 14, 2027')).toBeTruthy();
    expect(await historyCard().findByText('INV-0001')).toBeTruthy();
    expect(screen.getByText('Only the owner and administrators can change the plan.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeTruthy();
    for (const name of [/Upgrade to/, /Switch to/, /Manage billing/, /Download/, /Current plan/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(api.calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });
});

describe('/subscription per-seat billing', () => {
  it('shows seats × price on a per-seat plan, a month or a year, and the per-member plan price', async () => {
    const api = fakeBilling({ subscription: seatSubscription(3) });
    await renderSubscription();
    expect(await currentCard().findByText('3 seats × $99.00 = $297.00 a month')).toBeTruthy();
    expect(currentCard().getByText('Business')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(planCard('Business').getByText('per member / month')).toBeTruthy();
    expect(planCard('Pro').getByText('/month')).toBeTruthy();

    api.state.subscription = seatSubscription(1, { billing_interval: 'annual', unit_amount: 59400 });
    act(() => window.dispatchEvent(new Event('focus')));
    expect(await currentCard().findByText('1 seat × $594.00 = $594.00 a year')).toBeTruthy();
  });

  it('keeps the price line of a flat plan', async () => {
    fakeBilling({ subscription: subscription({ plan_id: 'pro', quantity: 1 }) });
    await renderSubscription();
    expect(await currentCard().findByText('$294 per year, billed annually')).toBeTruthy();
    expect(currentCard().queryByText(/seat/)).toBeNull();
  });
});

describe('/subscription next invoice', () => {
  it('lists the next invoice line by line, with its total, due date and period', async () => {
    fakeBilling({ subscription: seatSubscription(3), upcoming: upcomingInvoice() });
    await renderSubscription();
    const card = nextInvoiceCard();
    expect(card.getByText('$346.50', { selector: 'p' })).toBeTruthy();
    expect(card.getByText('Due on May 14, 2026 · Billing period May 14 – Jun 14, 2026')).toBeTruthy();
    const table = card.getByRole('table', { name: 'Lines of the next invoice' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Description', 'Quantity', 'Unit price', 'Amount']);
    expect(lineCells(table)).toEqual([
      ['Business plan (monthly): 1 seat added, Apr 29, 2026 – May 14, 2026', '1', '$99.00', '$49.50'],
      ['Business plan (monthly), May 14, 2026 – Jun 14, 2026', '3', '$99.00', '$297.00'],
      ['Total', '$346.50'],
    ]);
  });

  it('shows a removed seat as a negative line, and the credit that pays part of it', async () => {
    const removed = {
      description: 'Business plan (monthly): 1 seat removed, Apr 29, 2026 – May 14, 2026',
      quantity: -1,
      unit_amount: 9900,
      amount: -4950,
    };
    const period = { ...upcomingInvoice().lines[1]!, quantity: 2, amount: 19800 };
    fakeBilling({
      subscription: seatSubscription(2),
      upcoming: upcomingInvoice({ amount: 10000, lines: [removed, period] }),
    });
    await renderSubscription();
    const table = nextInvoiceCard().getByRole('table', { name: 'Lines of the next invoice' });
    expect(lineCells(table)).toEqual([
      [removed.description, '-1', '$99.00', '-$49.50'],
      [period.description, '2', '$99.00', '$198.00'],
      ['Credit applied', '-$48.50'],
      ['Total', '$100.00'],
    ]);
  });

  it('is absent without a next invoice (a 404)', async () => {
    const api = fakeBilling({ subscription: seatSubscription(3) });
    await renderSubscription();
    await waitFor(() => expect(api.callsTo('GET', '/payments/invoices/upcoming')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Next invoice' })).toBeNull();
  });

  it('is the last invoice of the seats added while the subscription is set to end, and gone without one', async () => {
    const added = {
      description: 'Business plan (monthly): 1 seat added, Feb 24, 2027 – Mar 14, 2027',
      quantity: 1,
      unit_amount: 9900,
      amount: 5940,
    };
    const api = fakeBilling({
      subscription: seatSubscription(3, { cancel_at_period_end: true }),
      upcoming: upcomingInvoice({
        period_start: '2027-03-14T00:00:00.000Z',
        period_end: '2027-03-14T00:00:00.000Z',
        amount: 5940,
        lines: [added],
      }),
    });
    await renderSubscription();
    expect(await currentCard().findByText('Cancels on March 14, 2027')).toBeTruthy();
    const last = within(
      (await screen.findByRole('heading', { level: 2, name: 'Last invoice' })).closest('[data-slot=card]')!,
    );
    expect(last.getByText('Due on March 14, 2027')).toBeTruthy();
    expect(last.getByText(added.description)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Next invoice' })).toBeNull();

    api.state.subscription = null;
    act(() => window.dispatchEvent(new Event('focus')));
    expect(await currentCard().findByText('No active subscription')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Last invoice' })).toBeNull();
  });

  it("says 'Failed to load the next invoice' with Try again", async () => {
    fakeBilling({ subscription: seatSubscription(3), upcoming: upcomingInvoice() });
    server.use(
      mockEndpoint('getUpcomingInvoice', () => new HttpResponse(null, { status: 500 }), { once: true }),
    );
    await renderSubscription();
    const card = nextInvoiceCard();
    expect((await card.findByRole('alert')).textContent).toContain('Failed to load the next invoice');
    await userEvent.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByText('$346.50', { selector: 'p' })).toBeTruthy();
    expect(card.queryByRole('alert')).toBeNull();
  });
});

describe('/subscription invoice lines', () => {
  it('shows and hides each invoice’s lines with a disclosure button', async () => {
    const lines = [
      {
        description: 'Business plan (monthly), Jan 14, 2026 – Feb 14, 2026',
        quantity: 2,
        unit_amount: 9900,
        amount: 19800,
      },
      {
        description: 'Business plan (monthly): 1 seat added, Jan 20, 2026 – Feb 14, 2026',
        quantity: 1,
        unit_amount: 9900,
        amount: 7984,
      },
    ];
    fakeBilling({
      subscription: seatSubscription(3),
      invoices: [invoice(2, 'paid', 27784, lines), invoice(1, 'paid', 9900, [])],
    });
    await renderSubscription();
    const toggle = historyCard().getByRole('button', { name: 'Show lines of invoice INV-0002' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(historyCard().queryByRole('table', { name: 'Lines of invoice INV-0002' })).toBeNull();
    // An invoice without lines has nothing to show.
    expect(historyCard().queryByRole('button', { name: /lines of invoice INV-0001/ })).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide lines of invoice INV-0002');
    const table = historyCard().getByRole('table', { name: 'Lines of invoice INV-0002' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.contains(table)).toBe(true);
    expect(lineCells(table)).toEqual([
      [lines[0]!.description, '2', '$99.00', '$198.00'],
      [lines[1]!.description, '1', '$99.00', '$79.84'],
      ['Total', '$277.84'],
    ]);

    // From the keyboard too: it is a button.
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(historyCard().queryByRole('table', { name: 'Lines of invoice INV-0002' })).toBeNull();
  });

  it('lets a member read the lines too', async () => {
    fakeTeams({ tenants: [{ ...acme, user_role: 'member' }] });
    fakeBilling({ role: 'member', subscription: subscription(), invoices: [invoice(1, 'paid')] });
    await renderSubscription();
    await userEvent.click(historyCard().getByRole('button', { name: 'Show lines of invoice INV-0001' }));
    expect(historyCard().getByRole('table', { name: 'Lines of invoice INV-0001' })).toBeTruthy();
    expect(historyCard().queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
