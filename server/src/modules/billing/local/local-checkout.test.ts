// The local test-mode provider from plan list to paid subscription: the checkout session, the card checks of its
// page, who may see and pay it, and one subscription per team.
import type { Plan, Subscription } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  registerUser,
  TestClock,
  type TestApp,
  testConfig,
} from '../../../../test/helpers.ts';
import { subscriptions } from '../../../db/schema/billing.ts';
import { tenants } from '../../../db/schema/tenants.ts';

let app: TestApp;
const clock = new TestClock(new Date('2026-06-01T12:00:00Z'));

beforeAll(async () => {
  // Sessions outlive the clock's jumps here: these tests are about billing time, not token expiry.
  app = await buildTestApp({
    clock,
    config: testConfig({ ACCESS_TOKEN_TTL_SECONDS: String(10 * 365 * 86400) }),
  });
});
afterAll(() => app.close());

const card = (overrides: Record<string, unknown> = {}) => ({
  card_number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  ...overrides,
});

async function ownerWithTeam(name = 'Acme') {
  const owner = await registerUser(app);
  const team = await createTeam(app, owner, name);
  return { owner, team, headers: inTenant(owner.access_token, team.uuid) };
}

async function startCheckout(headers: Record<string, string>, payload: object = { plan_id: 'pro' }) {
  const response = await app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  expect(url).toMatch(/^\/billing\/checkout\/[0-9a-f-]{36}$/);
  return url.split('/').pop()!;
}

const pay = (token: string, sessionId: string, payload: object = card()) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/local/checkout/${sessionId}/pay`,
    headers: bearer(token),
    payload,
  });

const getSubscription = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/payments/subscription', headers });

describe('plans', () => {
  it('lists the seeded plans to any signed-in user, cheapest first', async () => {
    const user = await registerUser(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/payments/plans',
      headers: bearer(user.access_token),
    });
    expect(response.statusCode).toBe(200);
    const plans = response.json() as Plan[];
    expect(plans.map((plan) => [plan.id, plan.price_monthly, plan.price_annual, plan.currency])).toEqual([
      ['starter', 900, 5400, 'usd'],
      ['pro', 2900, 17400, 'usd'],
      ['business', 9900, 59400, 'usd'],
    ]);
    expect(plans[1]!.features.length).toBeGreaterThan(0);
  });

  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/plans' });
    expect(response.statusCode).toBe(401);
  });
});

describe('checkout', () => {
  it('a team without a subscription answers 404 and has no invoices', async () => {
    const { headers } = await ownerWithTeam();
    const subscription = await getSubscription(headers);
    expect(subscription.statusCode).toBe(404);
    expect(subscription.json()).toEqual({ detail: 'No subscription found', code: 'subscription_not_found' });
    const invoices = await app.inject({ method: 'GET', url: '/api/payments/invoices', headers });
    expect(invoices.json()).toEqual([]);
  });

  it('opens a checkout session for the plan, monthly by default, priced for the interval', async () => {
    const { owner, team, headers } = await ownerWithTeam('Globex');
    const monthly = await startCheckout(headers);
    const session = await app.inject({
      method: 'GET',
      url: `/api/payments/local/checkout/${monthly}`,
      headers: bearer(owner.access_token),
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      id: monthly,
      tenant_uuid: team.uuid,
      tenant_name: 'Globex',
      billing_interval: 'monthly',
      amount: 2900,
      currency: 'usd',
      status: 'open',
      expires_at: '2026-06-01T13:00:00.000Z',
      plan: { id: 'pro', name: 'Pro' },
    });

    const annual = await startCheckout(headers, { plan_id: 'business', billing_interval: 'annual' });
    const annualSession = await app.inject({
      method: 'GET',
      url: `/api/payments/local/checkout/${annual}`,
      headers: bearer(owner.access_token),
    });
    expect(annualSession.json()).toMatchObject({ billing_interval: 'annual', amount: 59400 });
    // Opening checkout records nothing paid.
    expect((await getSubscription(headers)).statusCode).toBe(404);
  });

  it('refuses an unknown plan or interval with 422', async () => {
    const { headers } = await ownerWithTeam();
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers,
      payload: { plan_id: 'platinum' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      detail: 'Unknown plan "platinum"',
      code: 'unknown_plan',
      params: { plan: 'platinum' },
    });
    const interval = await app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers,
      payload: { plan_id: 'pro', billing_interval: 'weekly' },
    });
    expect(interval.statusCode).toBe(422);
    const missing = await app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload: {} });
    expect(missing.statusCode).toBe(422);
  });

  it('4242 4242 4242 4242 pays: an active subscription for one period and a paid invoice', async () => {
    const { owner, headers } = await ownerWithTeam();
    const sessionId = await startCheckout(headers, { plan_id: 'pro', billing_interval: 'monthly' });
    const paid = await pay(owner.access_token, sessionId);
    expect(paid.statusCode, paid.body).toBe(200);
    const subscription = paid.json() as Subscription;
    expect(subscription).toMatchObject({
      plan_id: 'pro',
      status: 'active',
      billing_interval: 'monthly',
      current_period_start: '2026-06-01T12:00:00.000Z',
      current_period_end: '2026-07-01T12:00:00.000Z',
      cancel_at_period_end: false,
    });
    expect((await getSubscription(headers)).json()).toEqual(subscription);

    const invoices = await app.inject({ method: 'GET', url: '/api/payments/invoices', headers });
    expect(invoices.json()).toEqual([
      {
        id: expect.any(String),
        number: expect.stringMatching(/^[0-9A-F]{8}-0001$/),
        due_date: '2026-06-01T12:00:00.000Z',
        created_at: '2026-06-01T12:00:00.000Z',
        amount: 2900,
        currency: 'usd',
        status: 'paid',
        lines: [
          {
            description: 'Pro plan (monthly), Jun 1, 2026 – Jul 1, 2026',
            quantity: 1,
            unit_amount: 2900,
            amount: 2900,
          },
        ],
      },
    ]);

    const session = await app.inject({
      method: 'GET',
      url: `/api/payments/local/checkout/${sessionId}`,
      headers: bearer(owner.access_token),
    });
    expect(session.json()).toMatchObject({ status: 'complete' });
    const again = await pay(owner.access_token, sessionId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'This checkout has already been paid.', code: 'checkout_paid' });
  });

  it('an annual subscription runs for a year', async () => {
    const { owner, headers } = await ownerWithTeam();
    const sessionId = await startCheckout(headers, { plan_id: 'starter', billing_interval: 'annual' });
    const paid = await pay(owner.access_token, sessionId);
    expect(paid.json()).toMatchObject({
      billing_interval: 'annual',
      current_period_end: '2027-06-01T12:00:00.000Z',
    });
    const [invoice] = (await app.inject({ method: 'GET', url: '/api/payments/invoices', headers })).json();
    expect(invoice).toMatchObject({ amount: 5400 });
  });

  it('never makes a second subscription: checkout and a second paid session are refused', async () => {
    const { owner, headers } = await ownerWithTeam();
    const first = await startCheckout(headers);
    const second = await startCheckout(headers, { plan_id: 'business' });
    expect((await pay(owner.access_token, first)).statusCode).toBe(200);

    const checkout = await app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers,
      payload: { plan_id: 'business' },
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().detail).toMatch(/already has a subscription.*billing portal/);

    const paidTwice = await pay(owner.access_token, second);
    expect(paidTwice.statusCode).toBe(400);
    expect(paidTwice.json().detail).toMatch(/already has a subscription/);
    expect((await getSubscription(headers)).json()).toMatchObject({ plan_id: 'pro' });
    const invoices = await app.inject({ method: 'GET', url: '/api/payments/invoices', headers });
    expect(invoices.json()).toHaveLength(1);
  });
});

describe('the checkout page refuses cards like a real one, and charges nothing', () => {
  let owner: { access_token: string };
  let headers: Record<string, string>;
  let sessionId: string;

  beforeAll(async () => {
    ({ owner, headers } = await ownerWithTeam());
    sessionId = await startCheckout(headers);
  });

  it.each([
    [
      'the declined test card',
      { card_number: '4000 0000 0000 0002' },
      402,
      { detail: 'Your card was declined.', code: 'payment_required', params: { reason: 'declined' } },
    ],
    [
      'any other card',
      { card_number: '5555 5555 5555 4444' },
      402,
      {
        detail: 'Your card was declined. This is test mode: use the test card 4242 4242 4242 4242.',
        code: 'payment_required',
        params: { reason: 'test_card_required', number: '4242 4242 4242 4242' },
      },
    ],
    [
      'a mistyped number',
      { card_number: '4242 4242 4242 4241' },
      422,
      { detail: 'Your card number is invalid.', code: 'card_number_invalid' },
    ],
    [
      'an expiry last month',
      { exp_month: 5, exp_year: 2026 },
      422,
      { detail: 'Your card has expired.', code: 'card_expired' },
    ],
    [
      'an expiry last year',
      { exp_month: 12, exp_year: 2025 },
      422,
      { detail: 'Your card has expired.', code: 'card_expired' },
    ],
    [
      'a four-digit CVC on a Visa',
      { cvc: '1234' },
      422,
      { detail: 'Your card’s security code is invalid.', code: 'card_security_code_invalid' },
    ],
  ])('%s', async (_name, overrides, status, body) => {
    const response = await pay(owner.access_token, sessionId, card(overrides));
    expect(response.statusCode).toBe(status);
    // A refused card is a 402 of its own code, which a client tells from a plan limit's.
    expect(response.json()).toEqual(body);
  });

  it.each([
    ['a short number', { card_number: '4242 4242' }, /card number is incomplete/],
    ['a two-digit CVC', { cvc: '12' }, /security code is invalid/],
    ['month 13', { exp_month: 13 }, /Invalid expiry month/],
    ['a missing CVC', { cvc: undefined }, /CVC is required/],
  ])('rejects %s with 422 before any check', async (_name, overrides, detail) => {
    const response = await pay(owner.access_token, sessionId, card(overrides));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(detail);
  });

  it('the card of this month is still valid, and the session stays open after refusals', async () => {
    const session = await app.inject({
      method: 'GET',
      url: `/api/payments/local/checkout/${sessionId}`,
      headers: bearer(owner.access_token),
    });
    expect(session.json()).toMatchObject({ status: 'open' });
    expect((await getSubscription(headers)).statusCode).toBe(404);
    const paid = await pay(owner.access_token, sessionId, card({ exp_month: 6, exp_year: 2026 }));
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe('checkout sessions', () => {
  it('expire after an hour', async () => {
    const { owner, headers } = await ownerWithTeam();
    const sessionId = await startCheckout(headers);
    clock.advance(61 * 60_000);
    const session = await app.inject({
      method: 'GET',
      url: `/api/payments/local/checkout/${sessionId}`,
      headers: bearer(owner.access_token),
    });
    expect(session.json()).toMatchObject({ status: 'expired' });
    const paid = await pay(owner.access_token, sessionId);
    expect(paid.statusCode).toBe(400);
    expect(paid.json()).toEqual({
      detail: 'This checkout session has expired. Start again from the Subscription page.',
      code: 'checkout_expired',
    });
    expect((await getSubscription(headers)).statusCode).toBe(404);
  });

  it('are for the team’s admins and owner only; others get 403, outsiders the same 404 as an unknown id', async () => {
    const { owner, team, headers } = await ownerWithTeam();
    const sessionId = await startCheckout(headers);
    const admin = await joinTeam(app, owner, team.uuid, 'admin');
    const member = await joinTeam(app, owner, team.uuid, 'member');
    const outsider = await registerUser(app);

    const view = (token: string, id = sessionId) =>
      app.inject({ method: 'GET', url: `/api/payments/local/checkout/${id}`, headers: bearer(token) });
    expect((await view(admin.access_token)).statusCode).toBe(200);
    expect((await view(member.access_token)).statusCode).toBe(403);
    expect((await pay(member.access_token, sessionId)).statusCode).toBe(403);
    const foreign = await view(outsider.access_token);
    const unknown = await view(outsider.access_token, '00000000-0000-4000-8000-000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await view(outsider.access_token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await pay(outsider.access_token, sessionId)).statusCode).toBe(404);
    const signedOut = await app.inject({ method: 'GET', url: `/api/payments/local/checkout/${sessionId}` });
    expect(signedOut.statusCode).toBe(401);

    expect((await pay(admin.access_token, sessionId)).statusCode).toBe(200);
  });
});

describe('portal and roles', () => {
  it('the portal is the app’s own page for the team, once there is a subscription', async () => {
    const { owner, team, headers } = await ownerWithTeam();
    const none = await app.inject({ method: 'POST', url: '/api/payments/portal', headers });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toMatch(/No subscription found/);

    await pay(owner.access_token, await startCheckout(headers));
    const portal = await app.inject({ method: 'POST', url: '/api/payments/portal', headers, payload: {} });
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ url: `/billing/portal?tenant=${team.uuid}` });
  });

  it('members read the subscription but get 403 on checkout, portal and the portal’s actions', async () => {
    const { owner, team, headers } = await ownerWithTeam();
    await pay(owner.access_token, await startCheckout(headers));
    const member = await joinTeam(app, owner, team.uuid, 'member');
    const asMember = inTenant(member.access_token, team.uuid);

    expect((await getSubscription(asMember)).statusCode).toBe(200);
    for (const [url, payload] of [
      ['/api/payments/checkout', { plan_id: 'pro' }],
      ['/api/payments/portal', undefined],
      ['/api/payments/local/portal/change-plan', { plan_id: 'business', billing_interval: 'annual' }],
      ['/api/payments/local/portal/cancel', undefined],
      ['/api/payments/local/portal/resume', undefined],
    ] as const) {
      const response = await app.inject({ method: 'POST', url, headers: asMember, payload });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Only team admins and the owner can do this',
        code: 'admin_only',
      });
    }
  });
});

describe('the Stripe webhook', () => {
  it('is not enabled with the local provider', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/not enabled/);
  });
});

describe('deleting a team', () => {
  it('ends its local subscription with the team', async () => {
    const { owner, team, headers } = await ownerWithTeam();
    await pay(owner.access_token, await startCheckout(headers));
    const deleted = await app.inject({ method: 'DELETE', url: '/api/tenant', headers });
    expect(deleted.statusCode).toBe(204);
    const db = app.database.db;
    expect(await db.select().from(subscriptions).where(eq(subscriptions.tenantId, team.uuid))).toEqual([]);
    expect(await db.select().from(tenants).where(eq(tenants.uuid, team.uuid))).toEqual([]);
  });
});
