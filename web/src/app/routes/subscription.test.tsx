import { mockEndpoint } from '@/testing/mocks/endpoint';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeBilling, invoice, subscription } from '@/testing/mocks/billing';
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
      ['INV-0003', 'Mar 14, 2026', '$294', 'Payment failed', ''],
      ['INV-0002', 'Feb 14, 2026', '$49', 'Pending paymentDue Feb 20, 2026', ''],
      ['INV-0001', 'Jan 14, 2026', '$294', 'Paid', 'Download invoice INV-0001'],
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
