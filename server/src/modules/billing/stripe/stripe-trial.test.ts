// Trials with Stripe (TRIAL_DAYS, docs/contract.md section 4): a team's first Checkout Session asks Stripe for the
// trial, a later one does not; the webhooks keep the trial's end while the subscription is trialing.
import type { Subscription } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTeam, inTenant, registerUser, type TestApp } from '../../../../test/helpers.ts';
import {
  buildStripeApp,
  completeCheckout,
  deliver,
  PRICES,
  randomId,
  stripeEvent,
  stripeSubscription,
} from '../../../../test/stripe-events.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../test/stripe-stand-in.ts';

let standIn: StripeStandIn;
let app: TestApp;
const T = 1_790_000_000; // a fixed Stripe time (seconds); events are spaced from it
const DAY = 86400;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  app = await buildStripeApp(standIn, PRICES, { TRIAL_DAYS: '14' });
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

async function team() {
  const owner = await registerUser(app);
  const { uuid } = await createTeam(app, owner, 'Hooli');
  const headers = inTenant(owner.access_token, uuid);
  const id = randomId('sub');
  const customer = randomId('cus');
  /** The team's subscription as Stripe sends it, with its trial's end if any. */
  const subscription = (status: string, trialEnd: number | null) => ({
    ...stripeSubscription({ id, tenantUuid: uuid, customer, status, start: T, end: T + 14 * DAY }),
    trial_start: trialEnd && T,
    trial_end: trialEnd,
  });
  const read = async () =>
    (await app.inject({ method: 'GET', url: '/api/payments/subscription', headers })).json() as Subscription;
  /** Opens a checkout and answers the form the stand-in received for its Checkout Session. */
  const checkoutForm = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers,
      payload: { plan_id: 'pro' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [session] = standIn.sent('POST', '/v1/checkout/sessions').slice(-1);
    return Object.fromEntries(session!.form);
  };
  return { subscription, read, checkoutForm };
}

describe('a trial with Stripe', () => {
  it('the first checkout asks Stripe for TRIAL_DAYS of trial; after a subscription, a checkout asks for none', async () => {
    const t = await team();
    expect(await t.checkoutForm()).toMatchObject({ 'subscription_data[trial_period_days]': '14' });

    const ended = t.subscription('canceled', null);
    expect((await deliver(app, stripeEvent('customer.subscription.deleted', ended, T))).statusCode).toBe(200);
    expect(await t.checkoutForm()).not.toHaveProperty(['subscription_data[trial_period_days]']);
  });

  it('keeps trialing and the trial’s end from Stripe’s trial_end, and clears it once the subscription is active', async () => {
    const t = await team();
    const trialEnd = T + 14 * DAY;
    const trialing = t.subscription('trialing', trialEnd);
    expect((await deliver(app, stripeEvent('customer.subscription.updated', trialing, T))).statusCode).toBe(
      200,
    );
    expect(await t.read()).toMatchObject({
      status: 'trialing',
      trial_ends_at: new Date(trialEnd * 1000).toISOString(),
    });

    // Stripe keeps trial_end on the subscription after the trial.
    const active = t.subscription('active', trialEnd);
    await deliver(app, stripeEvent('customer.subscription.updated', active, trialEnd));
    expect(await t.read()).toMatchObject({ status: 'active', trial_ends_at: null });
  });
});

describe('one trial per team with Stripe', () => {
  it('two checkouts opened before the first completed: a second trial after the first subscription ended is ended at Stripe, which bills it at once', async () => {
    const owner = await registerUser(app);
    const { uuid } = await createTeam(app, owner, 'Pied Piper');
    const headers = inTenant(owner.access_token, uuid);
    const openCheckout = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/checkout',
        headers,
        payload: { plan_id: 'pro' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [session] = standIn.sent('POST', '/v1/checkout/sessions').slice(-1);
      expect(session!.form.get('subscription_data[trial_period_days]')).toBe('14');
      return (response.json() as { url: string }).url.split('/').at(-1)!;
    };
    const read = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/payments/subscription', headers })
      ).json() as Subscription;
    const now = Math.floor(Date.now() / 1000);
    const sessions = [await openCheckout(), await openCheckout()];

    // The first is paid: its trial; then it is cancelled at once in Stripe's portal.
    const first = completeCheckout(standIn, sessions[0]!, now);
    expect((await deliver(app, first.event)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ status: 'trialing' });
    const cancelled = { ...standIn.subscriptions.get(first.subscription)!, status: 'canceled' };
    await deliver(app, stripeEvent('customer.subscription.deleted', cancelled, now + 1));

    // The second, opened before the first completed, starts a trial at Stripe: the app ends it, once Stripe answers.
    const second = completeCheckout(standIn, sessions[1]!, now + 2);
    const trialEnds = () => standIn.sent('POST', `/v1/subscriptions/${second.subscription}`);
    // An error Stripe ran and keeps under the request's key for a day: the redelivery must ask with a key of its own.
    standIn.failWhen(
      (request) => request.method === 'POST' && request.path === `/v1/subscriptions/${second.subscription}`,
      { ran: true },
    );
    try {
      expect((await deliver(app, second.event)).statusCode).toBe(503);
    } finally {
      standIn.failWhen(undefined);
    }
    expect(standIn.subscriptions.get(second.subscription)!.status).toBe('trialing');
    expect((await deliver(app, second.event)).statusCode).toBe(200);
    expect(trialEnds().map((request) => request.form.get('trial_end'))).toEqual(['now', 'now']);
    expect(standIn.subscriptions.get(second.subscription)!.status).toBe('active');
    // The trial was never the team's: what the team sees is the ended subscription until Stripe reports the new one.
    expect(await read()).toMatchObject({ status: 'canceled' });

    const billing = standIn.subscriptions.get(second.subscription)!;
    await deliver(app, stripeEvent('customer.subscription.updated', billing, now + 3));
    expect(await read()).toMatchObject({ status: 'active', trial_ends_at: null });
    // A late report of the trial Stripe started changes nothing, here or at Stripe.
    const trialing = { ...billing, status: 'trialing' };
    expect(
      (await deliver(app, stripeEvent('customer.subscription.created', trialing, now + 2))).statusCode,
    ).toBe(200);
    expect(await read()).toMatchObject({ status: 'active', trial_ends_at: null });
    expect(trialEnds()).toHaveLength(2);
  });
});
