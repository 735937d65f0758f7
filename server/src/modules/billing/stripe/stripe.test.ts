// PAYMENTS_PROVIDER=stripe against a local stand-in of the Stripe API: what the official SDK sends for checkout and
// the portal, one customer per team, never two subscriptions for one team, and a deleted team's subscription
// cancelled at Stripe first.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTeam, inTenant, joinTeam, registerUser, type TestApp } from '../../../../test/helpers.ts';
import {
  APP_URL,
  buildStripeApp,
  completeCheckout,
  deliver,
  PRICES,
  randomId,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
} from '../../../../test/stripe-events.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../test/stripe-stand-in.ts';
import { subscriptions } from '../../../db/schema/billing.ts';
import { tenants } from '../../../db/schema/tenants.ts';

let standIn: StripeStandIn;
let app: TestApp;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  // Business has no Stripe price here: a plan that cannot be bought yet.
  app = await buildStripeApp(standIn, { starter: PRICES.starter, pro: PRICES.pro });
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

async function ownerWithTeam(name = 'Acme') {
  const owner = await registerUser(app);
  const team = await createTeam(app, owner, name);
  return { owner, team, headers: inTenant(owner.access_token, team.uuid) };
}

const checkout = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload });

/** Opens a checkout through the API and answers its Checkout Session id at the stand-in. */
async function openCheckout(headers: Record<string, string>, payload: object) {
  const response = await checkout(headers, payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { url: string }).url.split('/').at(-1)!;
}

const cancellations = (subscriptionId: string) =>
  standIn.sent('DELETE', `/v1/subscriptions/${subscriptionId}`).length;
const statusAtStripe = (subscriptionId: string) => standIn.subscriptions.get(subscriptionId)!.status;

async function storedSubscription(tenantUuid: string) {
  const [row] = await app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.tenantId, tenantUuid));
  return row;
}

/** A live Stripe subscription for the team, as its webhooks would record it. */
async function activate(tenantUuid: string, customer: string) {
  const id = randomId('sub');
  const subscription = stripeSubscription({
    id,
    tenantUuid,
    customer,
    start: now(),
    end: now() + 30 * 86400,
  });
  standIn.subscriptions.set(id, subscription);
  const response = await deliver(app, stripeEvent('customer.subscription.created', subscription, now()));
  expect(response.statusCode).toBe(200);
  return id;
}

describe('checkout', () => {
  it('creates a Checkout Session in subscription mode with the plan’s price and the team in its metadata', async () => {
    const { team, headers } = await ownerWithTeam('Globex');
    const response = await checkout(headers, { plan_id: 'pro', billing_interval: 'annual' });
    expect(response.statusCode, response.body).toBe(200);
    const [session] = standIn.sent('POST', '/v1/checkout/sessions').slice(-1);
    expect(response.json()).toEqual({
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/),
    });

    const form = Object.fromEntries(session!.form);
    expect(form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_annual',
      'line_items[0][quantity]': '1',
      client_reference_id: team.uuid,
      'metadata[tenant_uuid]': team.uuid,
      'metadata[plan_id]': 'pro',
      'subscription_data[metadata][tenant_uuid]': team.uuid,
      'subscription_data[metadata][plan_id]': 'pro',
      success_url: `${APP_URL}/subscription?checkout=success`,
      cancel_url: `${APP_URL}/subscription?checkout=canceled`,
    });
    // TRIAL_DAYS is 0 here: no trial.
    expect(form).not.toHaveProperty(['subscription_data[trial_period_days]']);
    expect(session!.headers.authorization).toBe('Bearer sk_test_tessera');
    // Payable for a short while only (Stripe's default is 24 hours): at least Stripe's minimum of 30 minutes.
    const lifetime = Number(form.expires_at) - now();
    expect(lifetime).toBeGreaterThanOrEqual(30 * 60);
    expect(lifetime).toBeLessThanOrEqual(60 * 60);

    const monthly = await checkout(headers, { plan_id: 'starter' });
    expect(monthly.statusCode).toBe(200);
    const [second] = standIn.sent('POST', '/v1/checkout/sessions').slice(-1);
    expect(second!.form.get('line_items[0][price]')).toBe('price_starter_monthly');
  });

  it('creates the team’s customer once and reuses it for every checkout', async () => {
    const before = standIn.sent('POST', '/v1/customers').length;
    const { team, headers } = await ownerWithTeam('Initech');
    for (const plan_id of ['pro', 'starter', 'pro']) {
      expect((await checkout(headers, { plan_id })).statusCode).toBe(200);
    }
    const created = standIn.sent('POST', '/v1/customers').slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.form.get('name')).toBe('Initech');
    expect(created[0]!.form.get('metadata[tenant_uuid]')).toBe(team.uuid);

    const [stored] = await app.database.db
      .select({ customer: tenants.stripeCustomerId })
      .from(tenants)
      .where(eq(tenants.uuid, team.uuid));
    expect(stored!.customer).toMatch(/^cus_test_\d+$/);
    const customers = standIn
      .sent('POST', '/v1/checkout/sessions')
      .slice(-3)
      .map((request) => request.form.get('customer'));
    expect(customers).toEqual([stored!.customer, stored!.customer, stored!.customer]);

    // Another team gets a customer of its own.
    const other = await ownerWithTeam('Umbrella');
    await checkout(other.headers, { plan_id: 'pro' });
    expect(standIn.sent('POST', '/v1/customers').slice(before)).toHaveLength(2);
  });

  it('refuses a second subscription, a plan without a Stripe price, and members', async () => {
    const { owner, team, headers } = await ownerWithTeam();
    const noPrice = await checkout(headers, { plan_id: 'business' });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json()).toEqual({
      detail: 'The Business plan cannot be bought yet',
      code: 'plan_not_purchasable',
      params: { plan: 'Business' },
    });

    await checkout(headers, { plan_id: 'pro' });
    const [customer] = await app.database.db
      .select({ id: tenants.stripeCustomerId })
      .from(tenants)
      .where(eq(tenants.uuid, team.uuid));
    await activate(team.uuid, customer!.id!);
    const again = await checkout(headers, { plan_id: 'starter' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/billing portal/);

    const member = await joinTeam(app, owner, team.uuid, 'member');
    const asMember = await checkout(inTenant(member.access_token, team.uuid), { plan_id: 'pro' });
    expect(asMember.statusCode).toBe(403);
  });

  it('answers 503 with a clear message while Stripe is unreachable', async () => {
    const { headers } = await ownerWithTeam();
    standIn.failWhen((request) => request.path === '/v1/checkout/sessions');
    try {
      const response = await checkout(headers, { plan_id: 'pro' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'The payment provider is unavailable. Please try again in a moment.',
        code: 'unavailable',
        params: { reason: 'payment_provider' },
      });
    } finally {
      standIn.failWhen(undefined);
    }
  });
});

describe('one subscription per team', () => {
  it.each(['first', 'second'] as const)(
    'two checkouts opened before paying, both paid, the %s one reported first: that one stays, the other is cancelled at Stripe',
    async (paidFirst) => {
      const { headers, team } = await ownerWithTeam();
      const sessions = [
        await openCheckout(headers, { plan_id: 'pro', billing_interval: 'monthly' }),
        await openCheckout(headers, { plan_id: 'starter', billing_interval: 'annual' }),
      ];
      const [keptSession, surplusSession] = paidFirst === 'first' ? sessions : [...sessions].reverse();
      const kept = completeCheckout(standIn, keptSession!, now());
      const surplus = completeCheckout(standIn, surplusSession!, now() + 1);
      // What each subscription's own events say: active, before any cancellation.
      const surplusCreated = stripeEvent(
        'customer.subscription.created',
        structuredClone(standIn.subscriptions.get(surplus.subscription)!),
        now() + 1,
      );

      expect((await deliver(app, kept.event)).statusCode).toBe(200);
      expect((await deliver(app, surplus.event)).statusCode).toBe(200);
      const keptPlan = paidFirst === 'first' ? 'pro' : 'starter';
      expect(await storedSubscription(team.uuid)).toMatchObject({
        providerSubscriptionId: kept.subscription,
        planId: keptPlan,
        status: 'active',
      });
      expect([statusAtStripe(kept.subscription), statusAtStripe(surplus.subscription)]).toEqual([
        'active',
        'canceled',
      ]);
      expect([cancellations(kept.subscription), cancellations(surplus.subscription)]).toEqual([0, 1]);

      // Each later event about the surplus asks once more, harmlessly; a replayed one asks nothing.
      expect((await deliver(app, surplusCreated)).statusCode).toBe(200);
      expect(cancellations(surplus.subscription)).toBe(2);
      expect((await deliver(app, surplus.event)).statusCode).toBe(200);
      expect(cancellations(surplus.subscription)).toBe(2);
      // Its deletion, as Stripe reports it, leaves the kept one alone.
      const surplusDeleted = stripeEvent(
        'customer.subscription.deleted',
        standIn.subscriptions.get(surplus.subscription)!,
        now() + 2,
      );
      expect((await deliver(app, surplusDeleted)).statusCode).toBe(200);
      expect(await storedSubscription(team.uuid)).toMatchObject({
        providerSubscriptionId: kept.subscription,
        status: 'active',
      });
      expect(cancellations(surplus.subscription)).toBe(2);

      // Deleting the team then leaves nothing billing at Stripe.
      expect((await app.inject({ method: 'DELETE', url: '/api/tenant', headers })).statusCode).toBe(204);
      expect([statusAtStripe(kept.subscription), statusAtStripe(surplus.subscription)]).toEqual([
        'canceled',
        'canceled',
      ]);
    },
  );

  it('a paid checkout replaces an incomplete subscription, which is cancelled so it can no longer be paid', async () => {
    const { headers, team } = await ownerWithTeam();
    const session = await openCheckout(headers, { plan_id: 'pro' });
    const customer = standIn.checkoutSessions.get(session)!.customer as string;
    const incomplete = stripeSubscription({
      id: randomId('sub'),
      tenantUuid: team.uuid,
      customer,
      status: 'incomplete',
      start: now(),
      end: now() + 30 * 86400,
    });
    standIn.subscriptions.set(incomplete.id, incomplete);
    await deliver(app, stripeEvent('customer.subscription.created', incomplete, now()));
    expect(await storedSubscription(team.uuid)).toMatchObject({ status: 'incomplete' });

    // An incomplete subscription does not block a new checkout; the paid one wins.
    const paid = completeCheckout(standIn, await openCheckout(headers, { plan_id: 'starter' }), now() + 1);
    expect((await deliver(app, paid.event)).statusCode).toBe(200);
    expect(await storedSubscription(team.uuid)).toMatchObject({
      providerSubscriptionId: paid.subscription,
      planId: 'starter',
      status: 'active',
    });
    expect([statusAtStripe(incomplete.id), statusAtStripe(paid.subscription)]).toEqual([
      'canceled',
      'active',
    ]);
    expect(cancellations(paid.subscription)).toBe(0);
  });

  it('when Stripe cannot cancel the surplus, the event answers 503 and its next delivery cancels it', async () => {
    const { headers, team } = await ownerWithTeam();
    const first = completeCheckout(standIn, await openCheckout(headers, { plan_id: 'pro' }), now());
    const second = completeCheckout(standIn, await openCheckout(headers, { plan_id: 'pro' }), now());
    await deliver(app, first.event);

    standIn.failWhen((request) => request.method === 'DELETE');
    try {
      const response = await deliver(app, second.event);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'The payment provider is unavailable. Please try again in a moment.',
        code: 'unavailable',
        params: { reason: 'payment_provider' },
      });
    } finally {
      standIn.failWhen(undefined);
    }
    expect(statusAtStripe(second.subscription)).toBe('active');

    // Stripe delivers the same event again.
    expect((await deliver(app, second.event)).statusCode).toBe(200);
    expect(statusAtStripe(second.subscription)).toBe('canceled');
    expect(await storedSubscription(team.uuid)).toMatchObject({ providerSubscriptionId: first.subscription });
  });
});

describe('portal and invoices', () => {
  it('opens Stripe’s billing portal for the team’s customer, returning to the subscription page', async () => {
    const { team, headers } = await ownerWithTeam();
    expect((await app.inject({ method: 'POST', url: '/api/payments/portal', headers })).statusCode).toBe(404);

    await checkout(headers, { plan_id: 'pro' });
    const customer = standIn.sent('POST', '/v1/checkout/sessions').at(-1)!.form.get('customer')!;
    await activate(team.uuid, customer);
    const portal = await app.inject({ method: 'POST', url: '/api/payments/portal', headers });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_\d+$/);
    const [sent] = standIn.sent('POST', '/v1/billing_portal/sessions').slice(-1);
    expect(Object.fromEntries(sent!.form)).toEqual({ customer, return_url: `${APP_URL}/subscription` });
  });

  it('an invoice downloads from Stripe’s own PDF link', async () => {
    const { team, headers } = await ownerWithTeam();
    const customer = randomId('cus');
    const subscription = await activate(team.uuid, customer);
    const invoiceId = randomId('in');
    const invoice = stripeInvoice({
      id: invoiceId,
      subscription,
      tenantUuid: team.uuid,
      customer,
      paid: true,
      created: now(),
      periodEnd: now() + 30 * 86400,
    });
    expect((await deliver(app, stripeEvent('invoice.paid', invoice, now()))).statusCode).toBe(200);
    const [listed] = (await app.inject({ method: 'GET', url: '/api/payments/invoices', headers })).json();
    const download = await app.inject({
      method: 'GET',
      url: `/api/payments/invoices/${listed.id}/download`,
      headers,
    });
    expect(download.json()).toEqual({ download_url: `https://pay.stripe.test/invoice/${invoiceId}/pdf` });
  });

  it('the local provider’s pages do not exist', async () => {
    const { headers } = await ownerWithTeam();
    const response = await app.inject({ method: 'POST', url: '/api/payments/local/portal/cancel', headers });
    expect(response.statusCode).toBe(404);
  });
});

describe('deleting a team', () => {
  it('cancels its Stripe subscription and closes open checkouts before the team goes', async () => {
    const { team, headers } = await ownerWithTeam();
    await checkout(headers, { plan_id: 'pro' });
    const openSession = standIn.sent('POST', '/v1/checkout/sessions').length;
    const customer = standIn.sent('POST', '/v1/checkout/sessions').at(-1)!.form.get('customer')!;
    const subscription = await activate(team.uuid, customer);
    expect(openSession).toBeGreaterThan(0);

    const deleted = await app.inject({ method: 'DELETE', url: '/api/tenant', headers });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(standIn.sent('DELETE', `/v1/subscriptions/${subscription}`)).toHaveLength(1);
    expect(standIn.subscriptions.get(subscription)!.status).toBe('canceled');
    const open = [...standIn.checkoutSessions.values()].filter(
      (session) => session.customer === customer && session.status === 'open',
    );
    expect(open).toEqual([]);

    // Stripe's deletion event arrives after the team is gone: acknowledged, nothing to change.
    const late = stripeSubscription({
      id: subscription,
      tenantUuid: team.uuid,
      customer,
      status: 'canceled',
      start: now(),
      end: now() + 30 * 86400,
    });
    expect(
      (await deliver(app, stripeEvent('customer.subscription.deleted', late, now() + 1))).statusCode,
    ).toBe(200);
    expect(await app.database.db.select().from(tenants).where(eq(tenants.uuid, team.uuid))).toEqual([]);
  });

  it('cancels an incomplete subscription too: its first invoice could still be paid', async () => {
    const { team, headers } = await ownerWithTeam();
    const customer = randomId('cus');
    const incomplete = stripeSubscription({
      id: randomId('sub'),
      tenantUuid: team.uuid,
      customer,
      status: 'incomplete',
      start: now(),
      end: now() + 30 * 86400,
    });
    standIn.subscriptions.set(incomplete.id, incomplete);
    await deliver(app, stripeEvent('customer.subscription.created', incomplete, now()));

    expect((await app.inject({ method: 'DELETE', url: '/api/tenant', headers })).statusCode).toBe(204);
    expect(cancellations(incomplete.id)).toBe(1);
    expect(statusAtStripe(incomplete.id)).toBe('canceled');
  });

  it('cancels a subscription whose team was deleted before Stripe reported it', async () => {
    const { team, headers } = await ownerWithTeam();
    // Paid while the team was being deleted: the checkout was no longer open, and nothing was stored yet.
    const paid = completeCheckout(standIn, await openCheckout(headers, { plan_id: 'pro' }), now());
    const created = stripeEvent(
      'customer.subscription.created',
      structuredClone(standIn.subscriptions.get(paid.subscription)!),
      now(),
    );
    expect((await app.inject({ method: 'DELETE', url: '/api/tenant', headers })).statusCode).toBe(204);
    expect(cancellations(paid.subscription)).toBe(0);

    expect((await deliver(app, paid.event)).statusCode).toBe(200);
    expect(cancellations(paid.subscription)).toBe(1);
    expect(statusAtStripe(paid.subscription)).toBe('canceled');
    // Its own events, late or replayed, are harmless.
    expect((await deliver(app, created)).statusCode).toBe(200);
    expect((await deliver(app, paid.event)).statusCode).toBe(200);
    expect(cancellations(paid.subscription)).toBe(2);
    expect(await app.database.db.select().from(tenants).where(eq(tenants.uuid, team.uuid))).toEqual([]);
  });

  it('keeps the team when Stripe cannot confirm the cancellation', async () => {
    const { team, headers } = await ownerWithTeam();
    const customer = randomId('cus');
    const subscription = await activate(team.uuid, customer);
    standIn.failWhen((request) => request.method === 'DELETE');
    try {
      const response = await app.inject({ method: 'DELETE', url: '/api/tenant', headers });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toMatch(/could not be cancelled.*not deleted/);
    } finally {
      standIn.failWhen(undefined);
    }
    const [row] = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.tenantId, team.uuid));
    expect(row).toMatchObject({ providerSubscriptionId: subscription, status: 'active' });
    expect((await app.inject({ method: 'GET', url: '/api/tenant', headers })).statusCode).toBe(200);

    // Once Stripe answers again, the deletion goes through.
    expect((await app.inject({ method: 'DELETE', url: '/api/tenant', headers })).statusCode).toBe(204);
  });
});
