// Stripe webhooks signed with the SDK's test-header helper: signatures, replays, out-of-order deliveries, and the
// events of docs/contract.md section 3 keeping the subscription and invoices current.
import type { Invoice, Subscription } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTeam, inTenant, registerUser, type TestApp } from '../../../../test/helpers.ts';
import {
  buildStripeApp,
  deliver,
  PRICES,
  randomId,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
} from '../../../../test/stripe-events.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../test/stripe-stand-in.ts';
import { invoices, paymentEvents, subscriptions } from '../../../db/schema/billing.ts';
import { tenants } from '../../../db/schema/tenants.ts';

let standIn: StripeStandIn;
let app: TestApp;
const T = 1_790_000_000; // a fixed Stripe time (seconds); events are spaced from it
const MONTH = 30 * 86400;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  app = await buildStripeApp(standIn);
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

/** A team with a Stripe customer, and helpers to read its billing state through the API. */
async function team() {
  const owner = await registerUser(app);
  const { uuid } = await createTeam(app, owner, 'Hooli');
  const headers = inTenant(owner.access_token, uuid);
  const customer = randomId('cus');
  const subscriptionId = randomId('sub');
  const subscription = (overrides: Partial<Parameters<typeof stripeSubscription>[0]> = {}) =>
    stripeSubscription({
      id: subscriptionId,
      tenantUuid: uuid,
      customer,
      start: T,
      end: T + MONTH,
      ...overrides,
    });
  const read = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/subscription', headers });
    return response.statusCode === 200 ? (response.json() as Subscription) : response.statusCode;
  };
  const listInvoices = async () =>
    (await app.inject({ method: 'GET', url: '/api/payments/invoices', headers })).json() as Invoice[];
  /** The team's log of subscription changes, newest first, as its owner reads it. */
  const changes = async () =>
    (
      (
        await app.inject({
          method: 'GET',
          url: '/api/activity?action=subscription.changed',
          headers,
        })
      ).json() as { actor_email: string | null; target: string }[]
    ).map(({ actor_email, target }) => ({ actor_email, target }));
  return { uuid, customer, subscriptionId, subscription, read, listInvoices, changes };
}

const eventCount = async (id: string) =>
  (await app.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, id))).length;

describe('signatures', () => {
  it('a bad, missing or foreign signature answers 400 and changes nothing', async () => {
    const t = await team();
    const event = stripeEvent('customer.subscription.created', t.subscription(), T);
    const attempts = [
      await deliver(app, event, { secret: 'whsec_someone_else' }),
      await deliver(app, event, { signature: null }),
      await deliver(app, event, { signature: 't=1,v1=deadbeef' }),
    ];
    for (const response of attempts) expect(response.statusCode).toBe(400);
    expect(attempts.map((response) => response.json().detail)).toEqual([
      'Invalid Stripe-Signature header',
      'Missing Stripe-Signature header',
      'Invalid Stripe-Signature header',
    ]);
    expect(await t.read()).toBe(404);
    expect(await eventCount(event.id)).toBe(0);
  });

  it('a payload changed after signing is refused', async () => {
    const t = await team();
    const signedFor = stripeEvent('customer.subscription.created', t.subscription({ status: 'canceled' }), T);
    const Stripe = (await import('stripe')).default;
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
      payload: JSON.stringify(signedFor),
      secret: 'whsec_test_secret',
    });
    const tampered = { ...signedFor, data: { object: t.subscription({ status: 'active' }) } };
    const response = await deliver(app, tampered, { signature });
    expect(response.statusCode).toBe(400);
    expect(await t.read()).toBe(404);
  });
});

describe('subscription events', () => {
  it('created records the team’s subscription from the event', async () => {
    const t = await team();
    const response = await deliver(app, stripeEvent('customer.subscription.created', t.subscription(), T));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await t.read()).toMatchObject({
      plan_id: 'pro',
      status: 'active',
      billing_interval: 'monthly',
      current_period_start: new Date(T * 1000).toISOString(),
      current_period_end: new Date((T + MONTH) * 1000).toISOString(),
      cancel_at_period_end: false,
    });
    const [tenant] = await app.database.db.select().from(tenants).where(eq(tenants.uuid, t.uuid));
    expect(tenant!.stripeCustomerId).toBe(t.customer);
  });

  it('a replayed event is harmless, even after newer events', async () => {
    const t = await team();
    const created = stripeEvent('customer.subscription.created', t.subscription(), T);
    const cancelling = stripeEvent(
      'customer.subscription.updated',
      t.subscription({ cancelAtPeriodEnd: true }),
      T + 60,
    );
    for (const event of [created, created, cancelling, created]) {
      expect((await deliver(app, event)).statusCode).toBe(200);
    }
    expect(await t.read()).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await eventCount(created.id)).toBe(1);
  });

  it('updated delivered before created ends in the updated state', async () => {
    const t = await team();
    const created = stripeEvent('customer.subscription.created', t.subscription({ status: 'incomplete' }), T);
    const updated = stripeEvent('customer.subscription.updated', t.subscription({ status: 'active' }), T + 2);
    await deliver(app, updated);
    await deliver(app, created);
    expect(await t.read()).toMatchObject({ status: 'active' });
  });

  it('created and updated in the same second: the created one never overrides', async () => {
    const t = await team();
    const created = stripeEvent('customer.subscription.created', t.subscription({ status: 'incomplete' }), T);
    const updated = stripeEvent('customer.subscription.updated', t.subscription({ status: 'active' }), T);
    await deliver(app, updated);
    await deliver(app, created);
    expect(await t.read()).toMatchObject({ status: 'active' });
  });

  it('an older update arriving late is ignored', async () => {
    const t = await team();
    await deliver(app, stripeEvent('customer.subscription.created', t.subscription(), T));
    await deliver(
      app,
      stripeEvent(
        'customer.subscription.updated',
        t.subscription({ price: PRICES.business.annual }),
        T + 300,
      ),
    );
    await deliver(
      app,
      stripeEvent('customer.subscription.updated', t.subscription({ cancelAtPeriodEnd: true }), T + 100),
    );
    // The portal's switch to Business annual (a new price; the metadata still says pro) is the newest state.
    expect(await t.read()).toMatchObject({
      plan_id: 'business',
      billing_interval: 'annual',
      cancel_at_period_end: false,
    });
  });

  it('deleted → canceled, which no late update revives; the subscription stays readable', async () => {
    const t = await team();
    await deliver(app, stripeEvent('customer.subscription.created', t.subscription(), T));
    await deliver(
      app,
      stripeEvent('customer.subscription.deleted', t.subscription({ status: 'canceled' }), T + 500),
    );
    await deliver(
      app,
      stripeEvent('customer.subscription.updated', t.subscription({ status: 'active' }), T + 400),
    );
    await deliver(
      app,
      stripeEvent('customer.subscription.updated', t.subscription({ status: 'active' }), T + 900),
    );
    expect(await t.read()).toMatchObject({ status: 'canceled' });
  });

  it('deleted delivered before anything else still ends canceled', async () => {
    const t = await team();
    await deliver(
      app,
      stripeEvent('customer.subscription.deleted', t.subscription({ status: 'canceled' }), T + 500),
    );
    await deliver(app, stripeEvent('customer.subscription.created', t.subscription(), T));
    await deliver(app, stripeEvent('customer.subscription.updated', t.subscription(), T + 10));
    expect(await t.read()).toMatchObject({ status: 'canceled' });
  });

  it('a new subscription replaces a canceled one; an old one ending leaves the live one alone', async () => {
    const t = await team();
    await deliver(app, stripeEvent('customer.subscription.created', t.subscription(), T));
    await deliver(
      app,
      stripeEvent('customer.subscription.deleted', t.subscription({ status: 'canceled' }), T + 10),
    );
    const next = stripeSubscription({
      id: randomId('sub'),
      tenantUuid: t.uuid,
      customer: t.customer,
      price: PRICES.starter.monthly,
      planId: 'starter',
      start: T + 20,
      end: T + 20 + MONTH,
    });
    await deliver(app, stripeEvent('customer.subscription.created', next, T + 20));
    expect(await t.read()).toMatchObject({ plan_id: 'starter', status: 'active' });
    // A late copy of the old subscription's deletion changes nothing.
    await deliver(
      app,
      stripeEvent('customer.subscription.deleted', t.subscription({ status: 'canceled' }), T + 30),
    );
    expect(await t.read()).toMatchObject({ plan_id: 'starter', status: 'active' });
  });

  it('checkout.session.completed records the subscription Stripe created, whatever arrives after', async () => {
    const t = await team();
    standIn.subscriptions.set(t.subscriptionId, t.subscription());
    const session = {
      id: randomId('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      customer: t.customer,
      subscription: t.subscriptionId,
      client_reference_id: t.uuid,
      metadata: { tenant_uuid: t.uuid, plan_id: 'pro' },
      status: 'complete',
    };
    await deliver(app, stripeEvent('checkout.session.completed', session, T + 5));
    expect(standIn.sent('GET', `/v1/subscriptions/${t.subscriptionId}`)).toHaveLength(1);
    expect(await t.read()).toMatchObject({ plan_id: 'pro', status: 'active' });
    // The subscription's own created event is older than what the completed checkout stored.
    await deliver(
      app,
      stripeEvent('customer.subscription.created', t.subscription({ status: 'incomplete' }), T),
    );
    expect(await t.read()).toMatchObject({ status: 'active' });
  });

  it('events of no known team are acknowledged and change nothing, here or at Stripe', async () => {
    const before = await app.database.db.select().from(subscriptions);
    // Not made by this app (no team in its metadata): the Stripe account may bill other things too.
    const orphan = {
      ...stripeSubscription({
        id: randomId('sub'),
        tenantUuid: '00000000-0000-4000-8000-000000000000',
        customer: randomId('cus'),
        start: T,
        end: T + MONTH,
      }),
      metadata: {},
    };
    const response = await deliver(app, stripeEvent('customer.subscription.created', orphan, T));
    expect(response.statusCode).toBe(200);
    expect(await app.database.db.select().from(subscriptions)).toEqual(before);
    expect(standIn.sent('DELETE', `/v1/subscriptions/${orphan.id}`)).toEqual([]);
    const other = await deliver(
      app,
      stripeEvent('charge.succeeded', { id: randomId('ch'), object: 'charge' }, T),
    );
    expect(other.statusCode).toBe(200);
  });
});

describe('the team’s activity log', () => {
  it('records each change of plan, status or cancellation the provider sends, and not a renewal or a replay', async () => {
    const t = await team();
    const created = stripeEvent('customer.subscription.created', t.subscription(), T);
    await deliver(app, created);
    await deliver(app, created);
    await deliver(
      app,
      stripeEvent(
        'customer.subscription.updated',
        t.subscription({ start: T + MONTH, end: T + 2 * MONTH }),
        T + MONTH,
      ),
    );
    await deliver(
      app,
      stripeEvent(
        'customer.subscription.updated',
        t.subscription({ start: T + MONTH, end: T + 2 * MONTH, cancelAtPeriodEnd: true }),
        T + MONTH + 60,
      ),
    );
    const failed = stripeInvoice({
      id: randomId('in'),
      subscription: t.subscriptionId,
      tenantUuid: t.uuid,
      customer: t.customer,
      paid: false,
      created: T + MONTH + 120,
      periodEnd: T + 2 * MONTH,
    });
    await deliver(app, stripeEvent('invoice.payment_failed', failed, T + MONTH + 120));
    expect(await t.changes()).toEqual([
      { actor_email: null, target: 'pro (past_due, cancels at period end)' },
      { actor_email: null, target: 'pro (active, cancels at period end)' },
      { actor_email: null, target: 'pro (active)' },
    ]);
  });
});

describe('invoice events', () => {
  it('keeps every line of an invoice, those after the event’s first page read from Stripe; the plan from the subscription’s line', async () => {
    const t = await team();
    await deliver(app, stripeEvent('customer.subscription.created', t.subscription(), T));
    const invoiceId = randomId('in');
    const full = stripeInvoice({
      id: invoiceId,
      subscription: t.subscriptionId,
      tenantUuid: t.uuid,
      customer: t.customer,
      paid: true,
      created: T + MONTH,
      periodEnd: T + 2 * MONTH,
    });
    // Twelve seat changes prorated first, then the period of the plan: thirteen lines, ten in the event.
    const [period] = full.lines.data;
    const prorations = Array.from({ length: 12 }, (_, n) => ({
      ...period!,
      id: randomId('il'),
      description: `Proration ${n + 1}`,
      amount: 100,
      quantity: 1,
      period: { start: T + 10, end: T + MONTH },
      pricing: { ...period!.pricing, price_details: { price: PRICES.business.monthly, product: 'prod_b' } },
      parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } },
    }));
    const lines = [...prorations, period!];
    standIn.invoices.set(invoiceId, { ...full, lines: { object: 'list', data: lines, has_more: false } });
    const event = stripeEvent(
      'invoice.paid',
      { ...full, lines: { object: 'list', data: lines.slice(0, 10), has_more: true } },
      T + MONTH + 5,
    );
    expect((await deliver(app, event)).statusCode).toBe(200);
    const [invoice] = await t.listInvoices();
    expect(invoice!.lines.map((line) => line.description)).toEqual([
      ...prorations.map((line) => line.description),
      period!.description,
    ]);
    const [row] = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, invoiceId));
    expect(row).toMatchObject({ planId: 'pro', periodEnd: new Date((T + 2 * MONTH) * 1000) });
  });

  it('invoice.payment_failed → past_due and a failed invoice; a later payment makes both good again', async () => {
    const t = await team();
    await deliver(app, stripeEvent('customer.subscription.created', t.subscription(), T));
    const invoiceId = randomId('in');
    const invoice = (paid: boolean) =>
      stripeInvoice({
        id: invoiceId,
        subscription: t.subscriptionId,
        tenantUuid: t.uuid,
        customer: t.customer,
        paid,
        created: T + MONTH,
        periodEnd: T + 2 * MONTH,
      });

    const failed = stripeEvent('invoice.payment_failed', invoice(false), T + MONTH + 10);
    expect((await deliver(app, failed)).statusCode).toBe(200);
    expect(await t.read()).toMatchObject({ status: 'past_due' });
    expect(await t.listInvoices()).toEqual([
      {
        id: expect.any(String),
        number: `TESSERA-${invoiceId.slice(-4).toUpperCase()}`,
        due_date: null,
        created_at: new Date((T + MONTH) * 1000).toISOString(),
        amount: 2900,
        currency: 'usd',
        status: 'failed',
        lines: [{ description: '1 × Pro (at $29.00 / month)', quantity: 1, unit_amount: 2900, amount: 2900 }],
      },
    ]);

    await deliver(app, stripeEvent('invoice.paid', invoice(true), T + MONTH + 3600));
    expect(await t.read()).toMatchObject({ status: 'active' });
    const [paid] = await t.listInvoices();
    expect(paid).toMatchObject({
      status: 'paid',
      amount: 2900,
      due_date: new Date((T + MONTH + 5) * 1000).toISOString(),
    });

    // A second failure report delivered late never undoes the payment.
    await deliver(app, stripeEvent('invoice.payment_failed', invoice(false), T + MONTH + 20));
    expect(await t.read()).toMatchObject({ status: 'active' });
    expect((await t.listInvoices()).map((row) => row.status)).toEqual(['paid']);
    const rows = await app.database.db.select().from(invoices).where(eq(invoices.tenantId, t.uuid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      providerInvoiceId: invoiceId,
      providerPdfUrl: `https://pay.stripe.test/invoice/${invoiceId}/pdf`,
      planId: 'pro',
      interval: 'monthly',
    });
  });

  it('invoice.paid delivered before the subscription exists is kept, and the subscription follows', async () => {
    const t = await team();
    const invoice = stripeInvoice({
      id: randomId('in'),
      subscription: t.subscriptionId,
      tenantUuid: t.uuid,
      customer: t.customer,
      paid: true,
      created: T,
      periodEnd: T + MONTH,
    });
    await deliver(app, stripeEvent('invoice.paid', invoice, T + 1));
    await deliver(app, stripeEvent('customer.subscription.created', t.subscription(), T));
    expect(await t.read()).toMatchObject({ status: 'active' });
    expect(await t.listInvoices()).toMatchObject([{ status: 'paid', amount: 2900 }]);
  });
});
