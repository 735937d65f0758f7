// Per-seat billing (docs/contract.md section 4): the quantity of a Business subscription follows the team on every way
// in and out, on both providers; the local provider's prorated lines at a known point of the period; a Stripe outage
// that delays a change and loses none; ten members joining at once; a downgrade to a flat plan.
import { randomBytes } from 'node:crypto';

import type { Invoice, Subscription, UpcomingInvoice } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTeam,
  inTenant,
  joinTeam,
  mailedInvitation,
  registerVerifiedUser,
  TestClock,
} from '../../../../test/helpers.ts';
import { LONG_LIVED_TOKENS, subscribeLocally } from '../../../../test/local-billing.ts';
import { PATCH_OP, scimClient, USER_SCHEMA } from '../../../../test/scim.ts';
import { CLIENT_SECRET, startSsoWorld } from '../../../../test/sso.ts';
import {
  deliver,
  PRICES,
  randomId,
  stripeEvent,
  stripeSubscription,
  WEBHOOK_SECRET,
} from '../../../../test/stripe-events.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../test/stripe-stand-in.ts';
import { seatSyncs } from '../../../db/schema/billing.ts';
import { teamDomains } from '../../../db/schema/domains.ts';
import { proratedAmount } from '../invoice-lines.ts';

const DAY = 86_400_000;
type World = Awaited<ReturnType<typeof startSsoWorld>>;
type Provider = 'local' | 'stripe';

let standIn: StripeStandIn;
const worlds = {} as Record<Provider, { world: World; clock: TestClock }>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  for (const provider of ['local', 'stripe'] as const) {
    // June 2026 has 30 days: a monthly period from June 1 is 30 days long.
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const env =
      provider === 'stripe'
        ? {
            PAYMENTS_PROVIDER: 'stripe',
            STRIPE_SECRET_KEY: 'sk_test_tessera',
            STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            STRIPE_API_URL: standIn.url,
            STRIPE_PRICES: JSON.stringify(PRICES),
          }
        : {};
    worlds[provider] = { world: await startSsoWorld(clock, { ...LONG_LIVED_TOKENS, ...env }), clock };
  }
});
afterAll(async () => {
  for (const { world } of Object.values(worlds)) await world.close();
  await standIn.close();
});

/**
 * Moves the clock on to the first instant of the next month of 30 days (tests share an app, and its clock, in a
 * file): a monthly period that starts then is 30 days long, and a day is a thirtieth of it.
 */
function toThirtyDayMonth(clock: TestClock) {
  const now = clock.now();
  for (let month = now.getUTCMonth(); ; month++) {
    const start = Date.UTC(now.getUTCFullYear(), month, 1);
    if (start < now.getTime()) continue;
    if (Date.UTC(now.getUTCFullYear(), month + 1, 1) - start === 30 * DAY) {
      clock.advance(start - now.getTime());
      return;
    }
  }
}

/** A Business team of a new owner on `provider`, with helpers to change it and read what is billed. */
async function businessTeam(
  provider: Provider,
  {
    status = 'active',
    stripeStart,
  }: {
    status?: 'active' | 'trialing';
    /** When Stripe's period began (seconds): Stripe prorates by its own clock, the real time. */
    stripeStart?: number;
  } = {},
) {
  const { world, clock } = worlds[provider];
  const { app } = world;
  toThirtyDayMonth(clock);
  const owner = await registerVerifiedUser(app);
  const { uuid: team } = await createTeam(app, owner, `Team ${owner.email}`);
  const headers = inTenant(owner.access_token, team);
  let stripeId: string | undefined;
  if (provider === 'local') {
    await subscribeLocally(app, owner, team, 'business');
  } else {
    const now = Math.floor(clock.now().getTime() / 1000);
    const start = stripeStart ?? now;
    const subscription = stripeSubscription({
      id: randomId('sub'),
      tenantUuid: team,
      customer: randomId('cus'),
      price: PRICES.business.monthly,
      planId: 'business',
      status,
      start,
      end: start + 30 * 86_400,
    });
    standIn.subscriptions.set(subscription.id, subscription);
    const created = await deliver(app, stripeEvent('customer.subscription.created', subscription, now));
    expect(created.statusCode, created.body).toBe(200);
    stripeId = subscription.id;
  }
  const subscription = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/subscription', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Subscription;
  };
  const upcoming = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/invoices/upcoming', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as UpcomingInvoice;
  };
  const invoices = async () =>
    (await app.inject({ method: 'GET', url: '/api/payments/invoices', headers })).json() as Invoice[];
  /** The quantity the provider bills: Stripe's item once the seat worker has told it, else the local one. */
  const billed = async () => {
    if (!stripeId) return (await subscription()).quantity;
    await app.billing.seats.drain();
    return (standIn.subscriptions.get(stripeId)!.items as { data: { quantity: number }[] }).data[0]!.quantity;
  };
  return { app, clock, owner, team, headers, stripeId, subscription, upcoming, invoices, billed };
}

/** Makes the team's domain verified and its directory's token; answers the SCIM client and an address maker. */
async function withDirectory(t: Awaited<ReturnType<typeof businessTeam>>) {
  const domain = `corp-${randomBytes(5).toString('hex')}.example.org`;
  await t.app.database.db
    .insert(teamDomains)
    .values({ tenantId: t.team, domain, txtValue: 'x', verifiedAt: t.clock.now() });
  const made = await t.app.inject({ method: 'POST', url: '/api/scim-token', headers: t.headers });
  expect(made.statusCode, made.body).toBe(201);
  return {
    scim: scimClient(t.app, (made.json() as { token: string }).token),
    address: () => `person-${randomBytes(4).toString('hex')}@${domain}`,
  };
}

async function withSso(provider: Provider, t: Awaited<ReturnType<typeof businessTeam>>) {
  const { world } = worlds[provider];
  const domain = `corp-${randomBytes(5).toString('hex')}.example.org`;
  await t.app.database.db
    .insert(teamDomains)
    .values({ tenantId: t.team, domain, txtValue: 'x', verifiedAt: t.clock.now() });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/sso',
    headers: t.headers,
    payload: { issuer: world.provider.issuer, client_id: 'tessera', client_secret: CLIENT_SECRET },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  /** A first sign-in of a new person of the domain through the team's provider: their session. */
  return async () => {
    const email = `sso-${randomBytes(4).toString('hex')}@${domain}`;
    const { exchanged } = await world.signInThroughSso(email, world.person(email));
    expect(exchanged?.statusCode, exchanged?.body).toBe(200);
    const members = await t.app.inject({ method: 'GET', url: '/api/members', headers: t.headers });
    const member = (members.json() as { user_uuid: string; email: string }[]).find((m) => m.email === email);
    return { user_uuid: member!.user_uuid };
  };
}

describe.each(['local', 'stripe'] as const)('the quantity follows the team (%s)', (provider) => {
  it('on every way in and out, the API at once and the provider after', async () => {
    const t = await businessTeam(provider);
    const signInThroughSso = await withSso(provider, t);
    const { app } = t;
    const observed: { way: string; api: number; billed: number }[] = [];
    const after = async (way: string, change: () => Promise<unknown>) => {
      await change();
      const api = (await t.subscription()).quantity;
      observed.push({ way, api, billed: await t.billed() });
    };

    observed.push({ way: 'subscribed', api: (await t.subscription()).quantity, billed: await t.billed() });
    let invited!: Awaited<ReturnType<typeof joinTeam>>;
    await after('an invitation accepted', async () => {
      invited = await joinTeam(app, t.owner, t.team, 'member');
    });
    let sso!: { user_uuid: string };
    await after('a first sign-in through SSO', async () => {
      sso = await signInThroughSso();
    });
    await after('a removal', async () => {
      const removed = await app.inject({
        method: 'DELETE',
        url: '/api/members',
        headers: t.headers,
        payload: { user_uuid: sso.user_uuid },
      });
      expect(removed.statusCode, removed.body).toBe(204);
    });
    await after('a member deleting their account', async () => {
      const deleted = await app.inject({
        method: 'DELETE',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${invited.access_token}` },
        payload: { confirm_email: invited.email },
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
    });
    // The directory's ways: a team with a SCIM token admits nobody through SSO, so they come last.
    const { scim, address } = await withDirectory(t);
    let id!: string;
    await after('SCIM create', async () => {
      const created = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: address() });
      expect(created.statusCode, created.body).toBe(201);
      id = created.json().id;
    });
    await after('SCIM create, inactive (no seat)', async () => {
      const created = await scim('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: address(),
        active: false,
      });
      expect(created.statusCode, created.body).toBe(201);
    });
    const active = (value: boolean) => async () => {
      const patched = await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'active', value }],
      });
      expect(patched.statusCode, patched.body).toBe(200);
    };
    await after('SCIM deactivation', active(false));
    await after('SCIM reactivation', active(true));
    await after('SCIM delete', async () => {
      expect((await scim('DELETE', `/Users/${id}`)).statusCode).toBe(204);
    });

    const expected: [string, number][] = [
      ['subscribed', 1],
      ['an invitation accepted', 2],
      ['a first sign-in through SSO', 3],
      ['a removal', 2],
      ['a member deleting their account', 1],
      ['SCIM create', 2],
      ['SCIM create, inactive (no seat)', 2],
      ['SCIM deactivation', 1],
      ['SCIM reactivation', 2],
      ['SCIM delete', 1],
    ];
    expect(observed).toEqual(expected.map(([way, seats]) => ({ way, api: seats, billed: seats })));
    expect(await t.subscription()).toMatchObject({ quantity: 1, unit_amount: 9900, amount: 9900 });
  });

  it('a pending invitation holds no seat; ten members joining at once end at exactly eleven', async () => {
    const t = await businessTeam(provider);
    const tokens = [];
    for (let n = 0; n < 10; n++) {
      tokens.push(
        await mailedInvitation(
          t.app,
          t.owner,
          t.team,
          `joiner-${randomBytes(4).toString('hex')}@example.com`,
        ),
      );
    }
    expect((await t.subscription()).quantity).toBe(1);
    const accepted = await Promise.all(
      tokens.map((token) => t.app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` })),
    );
    expect(accepted.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await t.subscription()).toMatchObject({ quantity: 11, amount: 11 * 9900 });
    expect(await t.billed()).toBe(11);
    if (provider === 'local') {
      // Each join added one seat for the whole period (the clock did not move): ten lines of a full seat.
      const { lines } = await t.upcoming();
      expect(lines.filter((line) => line.quantity === 1 && line.amount === 9900)).toHaveLength(10);
    }
  });
});

describe('local provider: prorated lines and invoices', () => {
  it('a member added 10 days into a 30-day period adds 2/3 of a seat to the next invoice', async () => {
    const t = await businessTeam('local');
    const { current_period_start: start, current_period_end: end } = await t.subscription();
    expect(Date.parse(end) - Date.parse(start)).toBe(30 * DAY);
    const day = (iso: string | number, days = 0) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(new Date(iso).getTime() + days * DAY),
      );
    const nextEnd = new Date(Date.parse(end));
    nextEnd.setUTCMonth(nextEnd.getUTCMonth() + 1);

    t.clock.advance(10 * DAY);
    await joinTeam(t.app, t.owner, t.team, 'member');
    expect(await t.subscription()).toMatchObject({ quantity: 2, unit_amount: 9900, amount: 19800 });
    expect(await t.upcoming()).toEqual({
      period_start: end,
      period_end: nextEnd.toISOString(),
      currency: 'usd',
      amount: 6600 + 19800,
      lines: [
        {
          description: `Business plan (monthly): 1 seat added, ${day(start, 10)} – ${day(end)}`,
          quantity: 1,
          unit_amount: 9900,
          amount: 6600, // 9900 × 20 days ÷ 30 days
        },
        {
          description: `Business plan (monthly), ${day(end)} – ${day(nextEnd.getTime())}`,
          quantity: 2,
          unit_amount: 9900,
          amount: 19800,
        },
      ],
    });

    // The renewal invoice is that invoice, and the next one bills the seats alone.
    t.clock.advance(20 * DAY + 1000);
    const [renewal, first] = await t.invoices();
    expect(first).toMatchObject({ amount: 9900 });
    expect(renewal).toMatchObject({ amount: 26400, created_at: end });
    expect(renewal!.lines.map((line) => line.amount)).toEqual([6600, 19800]);
    expect((await t.upcoming()).lines).toEqual([expect.objectContaining({ quantity: 2, amount: 19800 })]);
  });

  it('a removal credits the time left; an invoice never goes below zero and the credit carries on', async () => {
    const t = await businessTeam('local');
    const members = [];
    for (let n = 0; n < 4; n++) members.push(await joinTeam(t.app, t.owner, t.team, 'member'));
    // Day 15 of 30: the four joined at the start (four full seats), and leave with half the period left.
    t.clock.advance(15 * DAY);
    for (const member of members) {
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/members',
        headers: t.headers,
        payload: { user_uuid: member.user_uuid },
      });
      expect(removed.statusCode).toBe(204);
    }
    const { lines, amount } = await t.upcoming();
    expect(lines.slice(0, 4).every((line) => line.amount === 9900)).toBe(true);
    expect(lines.slice(4, 8)).toEqual(
      Array(4).fill(expect.objectContaining({ quantity: -1, unit_amount: 9900, amount: -4950 })),
    );
    expect(amount).toBe(4 * 9900 - 4 * 4950 + 9900);
  });

  it('removals beyond the next period leave an invoice of zero, and their credit pays the one after', async () => {
    const t = await businessTeam('local');
    const members = [];
    for (let n = 0; n < 3; n++) members.push(await joinTeam(t.app, t.owner, t.team, 'member'));
    // The three seats added at the start are paid on the next invoice (+3 × 9900): settle that first.
    t.clock.advance(30 * DAY);
    expect((await t.invoices())[0]).toMatchObject({ amount: 3 * 9900 + 4 * 9900 });
    // Right at the start of the new period, all three leave: −3 full seats against one seat's period.
    for (const member of members) {
      await t.app.inject({
        method: 'DELETE',
        url: '/api/members',
        headers: t.headers,
        payload: { user_uuid: member.user_uuid },
      });
    }
    expect((await t.upcoming()).amount).toBe(0);
    t.clock.advance(31 * DAY);
    const [zero] = await t.invoices();
    expect(zero).toMatchObject({ amount: 0 });
    expect(zero!.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(9900 - 3 * 9900);
    // 19800 of credit left: the next two periods' 9900 each are paid from it, the third by the team.
    expect((await t.upcoming()).amount).toBe(0);
    const amounts = [];
    for (let n = 0; n < 3; n++) {
      t.clock.advance(31 * DAY);
      amounts.push((await t.invoices())[0]!.amount);
    }
    expect(amounts).toEqual([0, 0, 9900]);
  });

  it('a subscription set to end bills the seats added in its last period on a last invoice, and nothing after', async () => {
    const t = await businessTeam('local');
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: t.headers });
    const upcoming = () =>
      t.app.inject({ method: 'GET', url: '/api/payments/invoices/upcoming', headers: t.headers });
    expect((await post('/api/payments/local/portal/cancel')).statusCode).toBe(200);
    expect((await upcoming()).json()).toMatchObject({ code: 'no_upcoming_invoice' });
    t.clock.advance(10 * DAY);
    const joined = await joinTeam(t.app, t.owner, t.team, 'member');
    await joinTeam(t.app, t.owner, t.team, 'member');
    expect((await t.subscription()).quantity).toBe(3);
    const end = (await t.subscription()).current_period_end;
    expect((await upcoming()).json()).toEqual({
      period_start: end,
      period_end: end,
      currency: 'usd',
      amount: 13200,
      lines: Array(2).fill(expect.objectContaining({ quantity: 1, amount: 6600 })),
    });

    t.clock.advance(20 * DAY + 1000);
    expect(await t.subscription()).toMatchObject({ status: 'canceled' });
    const [last, first] = await t.invoices();
    expect(first).toMatchObject({ amount: 9900 });
    expect(last).toMatchObject({ amount: 13200 });
    // Once ended, a change bills nothing.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/members',
      headers: t.headers,
      payload: { user_uuid: joined.user_uuid },
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.subscription()).toMatchObject({ status: 'canceled', quantity: 3 });
    expect(await t.invoices()).toHaveLength(2);
  });

  it('seats added while set to end, then resumed and removed, cost and credit the same: nothing is given away', async () => {
    const t = await businessTeam('local');
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: t.headers });
    t.clock.advance(5 * DAY);
    expect((await post('/api/payments/local/portal/cancel')).statusCode).toBe(200);
    const added = [];
    for (let n = 0; n < 5; n++) added.push(await joinTeam(t.app, t.owner, t.team, 'member'));
    expect((await post('/api/payments/local/portal/resume')).statusCode).toBe(200);
    for (const member of added) {
      await t.app.inject({
        method: 'DELETE',
        url: '/api/members',
        headers: t.headers,
        payload: { user_uuid: member.user_uuid },
      });
    }
    const { lines, amount } = await t.upcoming();
    expect(lines.slice(0, 10).reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    expect(amount).toBe(9900);
  });

  it('no prorations while trialing: the first invoice bills the seats the team has then', async () => {
    const { world, clock } = worlds.local;
    const app = world.app;
    const owner = await registerVerifiedUser(app);
    const { uuid: team } = await createTeam(app, owner, 'Trialing');
    // A trial is only a team's first subscription with TRIAL_DAYS: set on this app's config for the checkout.
    const trialDays = app.billing.trialDays;
    Object.assign(app.billing, { trialDays: 14 });
    try {
      expect(await subscribeLocally(app, owner, team, 'business')).toMatchObject({ status: 'trialing' });
    } finally {
      Object.assign(app.billing, { trialDays });
    }
    clock.advance(DAY);
    await joinTeam(app, owner, team, 'member');
    const headers = inTenant(owner.access_token, team);
    const upcoming = (
      await app.inject({ method: 'GET', url: '/api/payments/invoices/upcoming', headers })
    ).json() as UpcomingInvoice;
    expect(upcoming.lines).toEqual([expect.objectContaining({ quantity: 2, amount: 19800 })]);
  });

  it('pending invitations count against the plan moved to, as they do against every limit', async () => {
    const t = await businessTeam('local');
    for (let n = 0; n < 5; n++) {
      await mailedInvitation(t.app, t.owner, t.team, `pending-${randomBytes(4).toString('hex')}@example.com`);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payments/local/portal/change-plan',
      headers: t.headers,
      payload: { plan_id: 'starter', billing_interval: 'monthly' },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ params: { members: 6 } });
    expect(await t.subscription()).toMatchObject({ plan_id: 'business', quantity: 1 });
  });

  it('moving to a flat plan whose member limit is below the team refuses (402); within it, bills one', async () => {
    const t = await businessTeam('local');
    for (let n = 0; n < 5; n++) await joinTeam(t.app, t.owner, t.team, 'member');
    t.clock.advance(15 * DAY);
    const change = (plan_id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/local/portal/change-plan',
        headers: t.headers,
        payload: { plan_id, billing_interval: 'monthly' },
      });
    const refused = await change('starter');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      detail:
        'The Starter plan allows 5 members and the team has 6, pending invitations included. Remove members or revoke invitations first.',
      code: 'plan_limit',
      params: { reason: 'plan_members', plan: 'Starter', count: 5, members: 6 },
    });
    expect(await t.subscription()).toMatchObject({ plan_id: 'business', quantity: 6 });

    const moved = await change('pro');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ plan_id: 'pro', quantity: 1, unit_amount: 2900, amount: 2900 });
    // Six seats of Business paid for a full period, half of it unused: credit 6 × 9900 / 2 = 29700, of which the Pro
    // period takes 2900; the five seats added at the start are still owed (5 × 9900) on this invoice.
    const [invoice] = await t.invoices();
    expect(invoice!.lines.map((line) => [line.quantity, line.amount])).toEqual([
      ...Array(5).fill([1, 9900]),
      [1, 2900],
    ]);
    expect(invoice!.amount).toBe(5 * 9900 + 2900 - 29700);
    // A member joining a flat plan changes nothing billed.
    await joinTeam(t.app, t.owner, t.team, 'member');
    expect(await t.subscription()).toMatchObject({ quantity: 1 });
  });
});

describe('Stripe: the quantity is told by the seat worker', () => {
  const updatesOf = (id: string) => standIn.sent('POST', `/v1/subscriptions/${id}`);

  it('sends the absolute quantity with prorations and an idempotency key; a refusal is retried until it lands once', async () => {
    const t = await businessTeam('stripe');
    const id = t.stripeId!;
    const item = (standIn.subscriptions.get(id)!.items as { data: { id: string }[] }).data[0]!.id;
    standIn.failWhen((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${id}`, {
      ran: true,
    });
    try {
      // The join is not refused: the change is queued in its transaction, and the API shows it at once.
      await joinTeam(t.app, t.owner, t.team, 'member');
      expect((await t.subscription()).quantity).toBe(2);
      await t.app.billing.seats.drain();
      const queued = async () =>
        (await t.app.database.db.select().from(seatSyncs).where(eq(seatSyncs.tenantId, t.team)))[0];
      // BILLING_RETRY_BASE_SECONDS (30): the second attempt 30 s after the first, the third 60 s after that.
      expect(await queued()).toMatchObject({
        attempts: 1,
        dueAt: new Date(t.clock.now().getTime() + 30_000),
      });
      t.clock.advance(30_000);
      await t.app.billing.seats.drain();
      expect(await queued()).toMatchObject({
        attempts: 2,
        dueAt: new Date(t.clock.now().getTime() + 60_000),
      });
      expect(updatesOf(id)).toHaveLength(2);
    } finally {
      standIn.failWhen(undefined);
    }
    t.clock.advance(60_000);
    expect(await t.billed()).toBe(2);
    const sent = updatesOf(id);
    expect(sent).toHaveLength(3);
    const landed = sent.at(-1)!;
    expect(Object.fromEntries(landed.form)).toEqual({
      'items[0][id]': item,
      'items[0][quantity]': '2',
      proration_behavior: 'create_prorations',
    });
    // Change 1 (quantity 2), attempt 3: Stripe keeps the answer to a key, errors too, so each attempt has its own.
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual([
      `tessera-seats-${id}-1-2-1`,
      `tessera-seats-${id}-1-2-2`,
      `tessera-seats-${id}-1-2-3`,
    ]);
    // Once landed, the queue is empty and nothing more is sent.
    t.clock.advance(3_600_000);
    await t.app.billing.seats.drain();
    expect(updatesOf(id)).toHaveLength(3);
    // Stripe prorated the seat, and the next invoice shows it (Stripe's preview).
    const upcoming = await t.upcoming();
    expect(upcoming.lines.map((line) => line.quantity)).toEqual([1, 2]);
  });

  it('two changes in a row while Stripe is down end in the second; a webhook reporting another quantity is put back', async () => {
    const t = await businessTeam('stripe');
    const id = t.stripeId!;
    standIn.failWhen((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${id}`, {
      ran: true,
    });
    let second!: { user_uuid: string };
    try {
      await joinTeam(t.app, t.owner, t.team, 'member');
      second = await joinTeam(t.app, t.owner, t.team, 'member');
      await t.app.inject({
        method: 'DELETE',
        url: '/api/members',
        headers: t.headers,
        payload: { user_uuid: second.user_uuid },
      });
      await t.app.billing.seats.drain();
    } finally {
      standIn.failWhen(undefined);
    }
    t.clock.advance(30_000);
    expect(await t.billed()).toBe(2);

    // Someone sets 7 seats in Stripe's dashboard: the event's quantity is not the team's, and 2 goes back.
    const subscription = standIn.subscriptions.get(id)!;
    const items = (subscription.items as { data: { quantity: number }[] }).data;
    items[0]!.quantity = 7;
    const at = Math.floor(t.clock.now().getTime() / 1000) + 60;
    expect(
      (await deliver(t.app, stripeEvent('customer.subscription.updated', subscription, at))).statusCode,
    ).toBe(200);
    expect((await t.subscription()).quantity).toBe(2);
    expect(await t.billed()).toBe(2);
  });

  it('a member added 10 days into a 30-day period: Stripe prorates 2/3 of a seat onto the next invoice', async () => {
    const tenDaysAgo = Math.floor(Date.now() / 1000) - 10 * 86_400;
    const t = await businessTeam('stripe', { stripeStart: tenDaysAgo });
    await joinTeam(t.app, t.owner, t.team, 'member');
    expect(await t.billed()).toBe(2);
    const upcoming = await t.upcoming();
    expect(upcoming.lines).toEqual([
      { description: 'Remaining time on 2 × seat', quantity: 1, unit_amount: 9900, amount: 6600 },
      { description: '2 × seat', quantity: 2, unit_amount: 9900, amount: 19800 },
    ]);
    expect(upcoming).toMatchObject({
      amount: 26400,
      period_start: new Date((tenDaysAgo + 30 * 86_400) * 1000).toISOString(),
    });
  });

  it('a switch to a flat plan in Stripe’s portal bills one: the seats Stripe kept are put back to one', async () => {
    const t = await businessTeam('stripe');
    await joinTeam(t.app, t.owner, t.team, 'member');
    await joinTeam(t.app, t.owner, t.team, 'member');
    expect(await t.billed()).toBe(3);
    // The portal replaces the item's price and keeps its quantity, as Stripe does.
    const subscription = standIn.subscriptions.get(t.stripeId!)!;
    const [item] = (subscription.items as { data: { price: object; quantity: number }[] }).data;
    item!.price = { ...item!.price, id: PRICES.pro.monthly, unit_amount: 2900 };
    subscription.metadata = { ...(subscription.metadata as object), plan_id: 'pro' };
    const at = Math.floor(t.clock.now().getTime() / 1000) + 60;
    expect(
      (await deliver(t.app, stripeEvent('customer.subscription.updated', subscription, at))).statusCode,
    ).toBe(200);
    expect(await t.subscription()).toMatchObject({
      plan_id: 'pro',
      quantity: 1,
      unit_amount: 2900,
      amount: 2900,
    });
    expect(await t.billed()).toBe(1);
    // A member joining a flat plan tells Stripe nothing.
    const before = standIn.sent('POST', `/v1/subscriptions/${t.stripeId}`).length;
    await joinTeam(t.app, t.owner, t.team, 'member');
    expect(await t.billed()).toBe(1);
    expect(standIn.sent('POST', `/v1/subscriptions/${t.stripeId}`)).toHaveLength(before);
  });

  it('trialing: the quantity follows without prorations', async () => {
    const t = await businessTeam('stripe', { status: 'trialing' });
    await joinTeam(t.app, t.owner, t.team, 'member');
    expect(await t.billed()).toBe(2);
    expect(
      Object.fromEntries(standIn.sent('POST', `/v1/subscriptions/${t.stripeId}`).at(-1)!.form),
    ).toMatchObject({
      proration_behavior: 'none',
    });
  });

  it('a checkout of Business starts with the team’s seats', async () => {
    const t = await businessTeam('stripe');
    await joinTeam(t.app, t.owner, t.team, 'member');
    const other = await registerVerifiedUser(t.app);
    const { uuid } = await createTeam(t.app, other, 'Fresh');
    await joinTeam(t.app, other, uuid, 'member');
    await joinTeam(t.app, other, uuid, 'admin');
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: inTenant(other.access_token, uuid),
      payload: { plan_id: 'business', billing_interval: 'monthly' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = standIn.sent('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.form.get('line_items[0][price]')).toBe(PRICES.business.monthly);
    expect(session.form.get('line_items[0][quantity]')).toBe('3');
  });
});

describe('the proration arithmetic', () => {
  const period = { start: new Date(0), end: new Date(30 * DAY) };
  it('is seats × unit price × time left ÷ the period, halves away from zero', () => {
    expect(proratedAmount(1, 9900, period, new Date(10 * DAY))).toBe(6600);
    expect(proratedAmount(-1, 9900, period, new Date(10 * DAY))).toBe(-6600);
    // 1 × 1 × 1 s ÷ 2 s = 0.5: up for an addition, away from zero for a removal.
    const short = { start: new Date(0), end: new Date(2000) };
    expect(proratedAmount(1, 1, short, new Date(1000))).toBe(1);
    expect(proratedAmount(-1, 1, short, new Date(1000))).toBe(-1);
    expect(proratedAmount(3, 1, { start: new Date(0), end: new Date(4000) }, new Date(3000))).toBe(1); // 0.75
    // Before the period, the whole of it; after it, nothing; exact where floating point is not.
    expect(proratedAmount(2, 59400, period, new Date(-DAY))).toBe(118800);
    expect(proratedAmount(2, 59400, period, new Date(31 * DAY))).toBe(0);
    const year = { start: new Date(0), end: new Date(365 * DAY) };
    expect(proratedAmount(1000, 2_000_000_000, year, new Date(DAY))).toBe(1_994_520_547_945);
  });
});
