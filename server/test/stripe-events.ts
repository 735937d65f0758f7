// Stripe objects and signed webhook deliveries for tests, shaped like the API version the SDK pins.
import { randomBytes } from 'node:crypto';

import Stripe from 'stripe';

import { buildTestApp, testConfig, type TestApp } from './helpers.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

export const WEBHOOK_SECRET = 'whsec_test_secret';
export const PRICES = {
  starter: { monthly: 'price_starter_monthly', annual: 'price_starter_annual' },
  pro: { monthly: 'price_pro_monthly', annual: 'price_pro_annual' },
  business: { monthly: 'price_business_monthly', annual: 'price_business_annual' },
};
/** What each price costs, in cents, as the seeded plans do. */
export const UNIT_AMOUNTS: Record<string, number> = {
  price_starter_monthly: 900,
  price_starter_annual: 5400,
  price_pro_monthly: 2900,
  price_pro_annual: 17400,
  price_business_monthly: 9900,
  price_business_annual: 59400,
};
export const APP_URL = 'https://app.example.test';

/** The app with PAYMENTS_PROVIDER=stripe against the stand-in; `env` adds settings (TRIAL_DAYS). */
export function buildStripeApp(
  standIn: StripeStandIn,
  prices: object = PRICES,
  env: NodeJS.ProcessEnv = {},
): Promise<TestApp> {
  return buildTestApp({
    config: testConfig({
      ...env,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_tessera',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      STRIPE_PRICES: JSON.stringify(prices),
      APP_URL,
    }),
  });
}

const stripe = new Stripe('sk_test_unused');
export const randomId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

type StripeEvent = { id: string; type: string; created: number; data: { object: object } };

export function stripeEvent(
  type: string,
  object: object,
  created: number,
  id = randomId('evt'),
): StripeEvent {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as StripeEvent;
}

/** The Stripe-Signature header Stripe would send with this payload, made by the SDK's test helper. */
export function signatureOf(payload: string, secret = WEBHOOK_SECRET): string {
  return stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** Posts an event as Stripe does: the raw JSON and a Stripe-Signature header made by the SDK's test helper. */
export function deliver(
  app: TestApp,
  event: StripeEvent,
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const header = signature === undefined ? signatureOf(payload, secret) : signature;
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload,
  });
}

export function stripeSubscription(options: {
  id: string;
  tenantUuid: string;
  customer: string;
  status?: string;
  price?: string;
  planId?: string;
  start: number;
  end: number;
  cancelAtPeriodEnd?: boolean;
  quantity?: number;
  itemId?: string;
}) {
  const price = options.price ?? PRICES.pro.monthly;
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status ?? 'active',
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    canceled_at: null,
    created: options.start,
    start_date: options.start,
    currency: 'usd',
    metadata: { tenant_uuid: options.tenantUuid, plan_id: options.planId ?? 'pro' },
    items: {
      object: 'list',
      data: [
        {
          id: options.itemId ?? randomId('si'),
          object: 'subscription_item',
          quantity: options.quantity ?? 1,
          current_period_start: options.start,
          current_period_end: options.end,
          price: {
            id: price,
            object: 'price',
            currency: 'usd',
            unit_amount: UNIT_AMOUNTS[price] ?? null,
            recurring: { interval: price.endsWith('annual') ? 'year' : 'month' },
          },
        },
      ],
    },
  };
}

export function stripeInvoice(options: {
  id: string;
  subscription: string;
  tenantUuid: string;
  customer: string;
  paid: boolean;
  amount?: number;
  created: number;
  periodEnd: number;
}) {
  const amount = options.amount ?? 2900;
  return {
    id: options.id,
    object: 'invoice',
    number: `TESSERA-${options.id.slice(-4).toUpperCase()}`,
    customer: options.customer,
    currency: 'usd',
    amount_due: amount,
    amount_paid: options.paid ? amount : 0,
    status: options.paid ? 'paid' : 'open',
    created: options.created,
    due_date: null,
    status_transitions: { paid_at: options.paid ? options.created + 5 : null },
    invoice_pdf: `https://pay.stripe.test/invoice/${options.id}/pdf`,
    hosted_invoice_url: `https://invoice.stripe.test/i/${options.id}`,
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: options.subscription,
        metadata: { tenant_uuid: options.tenantUuid, plan_id: 'pro' },
      },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: randomId('il'),
          object: 'line_item',
          amount,
          currency: 'usd',
          description: '1 × Pro (at $29.00 / month)',
          quantity: 1,
          period: { start: options.created, end: options.periodEnd },
          pricing: {
            type: 'price_details',
            price_details: { price: PRICES.pro.monthly, product: 'prod_pro' },
            unit_amount_decimal: String(amount),
          },
        },
      ],
    },
  };
}

/**
 * The customer pays an open Checkout Session at the stand-in, as Stripe would: the subscription it sells (the
 * session's price and subscription metadata) starts, active or trialing as the session asked, and the session is complete. Answers that subscription
 * and the signed-to-be `checkout.session.completed` event. A session past its `expires_at` can no longer be paid.
 */
export function completeCheckout(standIn: StripeStandIn, sessionId: string, created: number) {
  const session = standIn.checkoutSessions.get(sessionId);
  const order = standIn.checkoutOrders.get(sessionId);
  if (!session || !order) throw new Error(`No checkout session ${sessionId}`);
  if (session.status !== 'open' || created >= (session.expires_at as number)) {
    throw new Error(`Checkout session ${sessionId} is ${session.status}, expiring at ${session.expires_at}`);
  }
  // A session that asked for a trial starts one: its first period is the trial.
  const trialEnd = order.trialDays > 0 ? created + order.trialDays * 86400 : null;
  const subscription = {
    ...stripeSubscription({
      id: randomId('sub'),
      tenantUuid: order.subscriptionMetadata.tenant_uuid!,
      planId: order.subscriptionMetadata.plan_id,
      customer: session.customer as string,
      ...(order.price && { price: order.price }),
      status: trialEnd ? 'trialing' : 'active',
      start: created,
      end: trialEnd ?? created + 30 * 86400,
      quantity: order.quantity,
    }),
    trial_start: trialEnd && created,
    trial_end: trialEnd,
  };
  standIn.subscriptions.set(subscription.id, subscription);
  Object.assign(session, { status: 'complete', subscription: subscription.id });
  return {
    subscription: subscription.id,
    event: stripeEvent('checkout.session.completed', { ...session }, created),
  };
}

/**
 * An active subscription this app made for a team that no longer exists, known to the stand-in, and the raw payload
 * of its `customer.subscription.created` event. Applying that event cancels the subscription at Stripe, an effect
 * that is not idempotent: the stand-in's DELETE requests count how often the event was applied.
 */
export function orphanSubscriptionEvent(standIn: StripeStandIn) {
  const now = Math.floor(Date.now() / 1000);
  const subscription = stripeSubscription({
    id: randomId('sub'),
    tenantUuid: crypto.randomUUID(),
    customer: randomId('cus'),
    start: now,
    end: now + 30 * 86_400,
  });
  standIn.subscriptions.set(subscription.id, subscription);
  const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription, now));
  return {
    payload,
    cancellations: () => standIn.sent('DELETE', `/v1/subscriptions/${subscription.id}`).length,
  };
}
