import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeBilling, invoice, subscription } from '@/testing/mocks/billing';
import { acme, ACME_UUID } from '@/testing/mocks/handlers';
import { fakeTeams } from '@/testing/mocks/teams';
import { renderApp, signIn } from '@/testing/render-app';

async function renderPortal(query = `?tenant=${ACME_UUID}`) {
  signIn();
  renderApp(`/billing/portal${query}`);
  await screen.findByRole('heading', { level: 1, name: 'Billing portal' });
  await waitFor(() => expect(screen.queryAllByRole('status', { name: 'Loading' })).toEqual([]));
}

const section = (name: string) =>
  within(screen.getByRole('heading', { level: 2, name }).closest('[data-slot=card]') as HTMLElement);

describe('/billing/portal', () => {
  it('shows the plan and its renewal, cancels at period end after a confirmation, and resumes', async () => {
    const api = fakeBilling({ subscription: subscription(), invoices: [invoice(1, 'paid')] });
    await renderPortal();
    expect(screen.getByText('Acme')).toBeTruthy();
    const current = section('Current plan');
    expect(current.getByText('Pro')).toBeTruthy();
    expect(current.getByText('$294 per year, billed annually')).toBeTruthy();
    expect(current.getByText('Renews on March 14, 2027')).toBeTruthy();
    expect(section('Billing history').getByText('INV-0001')).toBeTruthy();

    await userEvent.click(current.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Cancel subscription?' }));
    expect(
      confirm.getByText(/takes effect at the end of the current billing period, on March 14, 2027/),
    ).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Keep subscription' }));
    expect(api.callsTo('POST', '/payments/local/portal/cancel')).toEqual([]);

    await userEvent.click(current.getByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    expect(await current.findByText('Cancels on March 14, 2027')).toBeTruthy();
    expect(current.getByRole('status').textContent).toBe(
      'Your subscription is canceled. Pro stays active until March 14, 2027.',
    );
    expect(api.callsTo('POST', '/payments/local/portal/cancel').map(({ tenant }) => tenant)).toEqual([
      ACME_UUID,
    ]);

    await userEvent.click(current.getByRole('button', { name: 'Resume subscription' }));
    const resume = within(await screen.findByRole('alertdialog', { name: 'Resume subscription?' }));
    expect(resume.getByText(/renews on March 14, 2027 at \$294 per year/)).toBeTruthy();
    await userEvent.click(resume.getByRole('button', { name: 'Resume subscription' }));
    expect(await current.findByText('Renews on March 14, 2027')).toBeTruthy();
    expect(current.getByRole('status').textContent).toBe(
      'Your subscription is active again and renews on March 14, 2027.',
    );
  });

  it('switches plan and interval after a confirmation that says when it takes effect', async () => {
    const api = fakeBilling({ subscription: subscription({ plan_id: 'pro', billing_interval: 'annual' }) });
    await renderPortal();
    const change = section('Change plan');
    const switchButton = () => change.getByRole('button', { name: /^Switch/ }) as HTMLButtonElement;
    expect(change.getByRole('radio', { name: /Pro/ }).getAttribute('aria-checked')).toBe('true');
    expect(switchButton().disabled).toBe(true);

    await userEvent.click(change.getByRole('radio', { name: /Business/ }));
    await userEvent.click(change.getByRole('radio', { name: 'Monthly' }));
    expect(change.getByRole('radio', { name: /Business/ }).textContent).toContain('$99');
    expect(switchButton().textContent).toBe('Switch to Business, billed monthly');
    await userEvent.click(switchButton());
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Switch to Business?' }));
    // Business is per seat: its price is per member (docs/contract.md section 4, Per-seat billing).
    expect(confirm.getByText(/\$99 per member per month, billed monthly/)).toBeTruthy();
    expect(confirm.getByText(/takes effect immediately/)).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Switch plan' }));

    expect(await change.findByText(/Your team is now on Business, billed monthly/)).toBeTruthy();
    expect(section('Current plan').getByText('Business')).toBeTruthy();
    expect(api.callsTo('POST', '/payments/local/portal/change-plan').map(({ body }) => body)).toEqual([
      { plan_id: 'business', billing_interval: 'monthly' },
    ]);
  });

  it("says 'Trial ends on {date}' during a trial", async () => {
    fakeBilling({
      subscription: subscription({ status: 'trialing', trial_ends_at: '2026-06-15T12:00:00.000Z' }),
    });
    await renderPortal();
    const current = section('Current plan');
    expect(current.getByText('Trialing')).toBeTruthy();
    expect(current.getByText('Trial ends on June 15, 2026')).toBeTruthy();
    expect(current.queryByText(/Renews on/)).toBeNull();

    // A plan change keeps the trial, and says so.
    const change = section('Change plan');
    expect(
      change.getByText(/The trial goes on: the new plan is charged when it ends, on June 15, 2026\./),
    ).toBeTruthy();
    await userEvent.click(change.getByRole('radio', { name: /Business/ }));
    await userEvent.click(change.getByRole('button', { name: /^Switch/ }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Switch to Business?' }));
    expect(
      confirm.getByText(
        'Nothing is charged now: the trial goes on, and Business is charged when it ends, on June 15, 2026.',
      ),
    ).toBeTruthy();
  });

  it('tells a member that only admins manage billing, and calls nothing of the portal', async () => {
    fakeTeams({ tenants: [{ ...acme, user_role: 'member' }] });
    const api = fakeBilling({ role: 'member', subscription: subscription() });
    await renderPortal();
    expect(screen.getByRole('alert').textContent).toBe(
      "Only the team's owner and administrators can manage its billing.",
    );
    expect(screen.queryByRole('button', { name: /Cancel subscription/ })).toBeNull();
    expect(api.calls.filter(({ path }) => path.startsWith('/payments/local'))).toEqual([]);
  });

  it('sends a team without a subscription to the plans, and a link without a team back', async () => {
    fakeBilling();
    await renderPortal();
    expect(screen.getByText('No active subscription')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/subscription');
  });

  it('says so when the link names no team', async () => {
    fakeBilling();
    await renderPortal('');
    expect(screen.getByRole('alert').textContent).toMatch(/names no team/);
  });
});
