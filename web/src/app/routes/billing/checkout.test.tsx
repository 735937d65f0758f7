import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { CHECKOUT_SESSION_ID, checkoutSession, fakeBilling, plans } from '@/testing/mocks/billing';
import { renderApp, signIn } from '@/testing/render-app';

async function renderCheckout(sessionId = CHECKOUT_SESSION_ID) {
  signIn();
  const router = renderApp(`/billing/checkout/${sessionId}`);
  await screen.findByRole('heading', { level: 1 });
  return router;
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('/billing/checkout/:sessionId', () => {
  it('summarises the order: team, plan, interval and amount', async () => {
    fakeBilling();
    await renderCheckout();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscribe to Tessera Pro');
    const summary = within(screen.getByRole('region', { name: 'Subscribe to Tessera Pro' }));
    expect(summary.getByText('Acme')).toBeTruthy();
    expect(summary.getByText('Annually')).toBeTruthy();
    expect(summary.getAllByText('$294')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Pay $294' })).toBeTruthy();
  });

  it('shows the seats a per-seat plan starts with, and charges for each', async () => {
    fakeBilling({
      session: checkoutSession({ plan: plans[2]!, billing_interval: 'monthly', quantity: 3, amount: 29700 }),
    });
    await renderCheckout();
    const summary = within(screen.getByRole('region', { name: 'Subscribe to Tessera Business' }));
    expect(summary.getByText('Seats').nextSibling?.textContent).toBe('3 seats × $99.00');
    expect(summary.getByText('Total due today').nextSibling?.textContent).toBe('$297');
    // No credit: the price is the seats'.
    expect(summary.queryByText('Credit applied')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $297' })).toBeTruthy();
  });

  it('shows no seats for a flat plan', async () => {
    fakeBilling();
    await renderCheckout();
    expect(screen.queryByText('Seats')).toBeNull();
  });

  it('a checkout that starts a trial says so, with nothing due today', async () => {
    fakeBilling({ session: checkoutSession({ amount: 0, trial_days: 14 }) });
    await renderCheckout();
    const summary = within(screen.getByRole('region', { name: 'Subscribe to Tessera Pro' }));
    expect(summary.getByText('Free trial').nextSibling?.textContent).toBe('14 days');
    expect(summary.getByText('Total due today').nextSibling?.textContent).toBe('$0');
    expect(summary.getByText(/Nothing is charged until the trial ends\./)).toBeTruthy();
    await userEvent.type(field('Card number'), '4242424242424242');
    await userEvent.type(field('Expiry date'), '1240');
    await userEvent.type(field('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trial started' })).toBeTruthy();
    expect(
      screen.getByText(
        /^Acme is on the Pro plan\. Trial ends on \w+ \d{1,2}, \d{4}; nothing is charged until then\.$/,
      ),
    ).toBeTruthy();
  });

  it('formats the card number in groups of 4 and the expiry as MM / YY as the user types', async () => {
    fakeBilling();
    await renderCheckout();
    await userEvent.type(field('Card number'), '4242x42424242424');
    expect(field('Card number').value).toBe('4242 4242 4242 424');
    expect(document.activeElement).toBe(field('Card number'));
    await userEvent.type(field('Card number'), '2');
    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    // A complete number moves on to the expiry.
    expect(document.activeElement).toBe(field('Expiry date'));
    await userEvent.type(field('Expiry date'), '4');
    expect(field('Expiry date').value).toBe('04 / ');
    await userEvent.type(field('Expiry date'), '{Backspace}');
    expect(field('Expiry date').value).toBe('04');
    await userEvent.type(field('Expiry date'), '{Backspace}{Backspace}1231');
    expect(field('Expiry date').value).toBe('12 / 31');
    expect(document.activeElement).toBe(field('CVC'));
    await userEvent.type(field('CVC'), '12a34');
    expect(field('CVC').value).toBe('123');
  });

  it('checks the fields inline: incomplete number, past expiry, bad CVC; nothing is sent', async () => {
    const api = fakeBilling();
    await renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $294' }));
    expect(await screen.findByText('Card number is required')).toBeTruthy();
    expect(screen.getByText('Expiry date is required')).toBeTruthy();
    expect(screen.getByText('CVC is required')).toBeTruthy();

    await userEvent.type(field('Card number'), '4242 4242 4242');
    await userEvent.type(field('Expiry date'), '0120');
    await userEvent.type(field('CVC'), '12');
    await userEvent.tab();
    expect(await screen.findByText('Your card number is incomplete')).toBeTruthy();
    expect(screen.getByText('Your card’s expiration date is in the past')).toBeTruthy();
    expect(screen.getByText('Your card’s security code is incomplete')).toBeTruthy();
    expect(field('Card number').getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(field('Card number'), '4241');
    expect(await screen.findByText('Your card number is invalid')).toBeTruthy();
    await userEvent.type(field('Expiry date'), '{Backspace>4}1399');
    expect(await screen.findByText('Your card’s expiration month is invalid')).toBeTruthy();
    expect(api.callsTo('POST', `/payments/local/checkout/${CHECKOUT_SESSION_ID}/pay`)).toEqual([]);
  });

  it('shows the decline, then pays with the test card and offers the way back', async () => {
    const api = fakeBilling();
    const router = await renderCheckout();
    await userEvent.type(field('Card number'), '4000000000000002');
    await userEvent.type(field('Expiry date'), '1240');
    await userEvent.type(field('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $294' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');

    await userEvent.clear(field('Card number'));
    await userEvent.type(field('Card number'), '4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $294' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeTruthy();
    expect(screen.getByText(/Acme is now on the Pro plan, billed annually/)).toBeTruthy();
    expect(
      api
        .callsTo('POST', `/payments/local/checkout/${CHECKOUT_SESSION_ID}/pay`)
        .map(({ body, tenant }) => [body, tenant]),
    ).toEqual([
      // The session names its team: no team header.
      [{ card_number: '4000000000000002', exp_month: 12, exp_year: 2040, cvc: '123' }, null],
      [{ card_number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' }, null],
    ]);

    await userEvent.click(screen.getByRole('link', { name: 'Back to subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    // The new subscription is there already: no 'Upgrade Plan'.
    await screen.findByRole('heading', { level: 1, name: 'Subscription' });
    expect(await screen.findByText('Renews on March 14, 2027')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('says when the checkout is complete already', async () => {
    fakeBilling({ session: checkoutSession({ status: 'complete' }) });
    await renderCheckout();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment successful');
  });

  it('says when the checkout has expired', async () => {
    fakeBilling({ session: checkoutSession({ expires_at: '2020-01-01T00:00:00.000Z' }) });
    await renderCheckout();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout expired');
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
  });

  it('says when the link is unknown', async () => {
    fakeBilling();
    await renderCheckout('00000000-0000-4000-8000-000000000000');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout not found');
    expect(screen.getByRole('link', { name: 'Back to subscription' }).getAttribute('href')).toBe(
      '/subscription',
    );
  });
});
