// A local subscription over time (the injectable clock): renewals with an invoice per period, on read, from the job
// and after a restart; cancel at period end and expiry; resume; prorated plan changes and the credit they leave.
import type { Invoice, Subscription } from '@app/contract';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createTeam,
  inTenant,
  registerUser,
  TestClock,
  type TestApp,
  testConfig,
} from '../../../../test/helpers.ts';
import { LONG_LIVED_TOKENS, subscribeLocally } from '../../../../test/local-billing.ts';
import { buildApp } from '../../../app.ts';
import { invoices, subscriptions } from '../../../db/schema/billing.ts';

const DAY = 86_400_000;
const opened: TestApp[] = [];
afterEach(async () => {
  // Last opened first: a restarted app shares the first one's database, which closes with the first.
  for (const app of opened.splice(0).reverse()) await app.close();
});

/** A fresh app whose clock starts at `start`, and a team subscribed at that moment. */
async function subscribedTeam(start: string, planId = 'pro', interval: 'monthly' | 'annual' = 'monthly') {
  const clock = new TestClock(new Date(start));
  const app = await buildTestApp({ clock, config: testConfig(LONG_LIVED_TOKENS) });
  opened.push(app);
  const owner = await registerUser(app);
  const team = await createTeam(app, owner, 'Initech');
  const subscription = await subscribeLocally(app, owner, team.uuid, planId, interval);
  const headers = inTenant(owner.access_token, team.uuid);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api/payments${url}`, headers, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const listInvoices = async () => (await call('GET', '/invoices')).body as Invoice[];
  return { app, clock, owner, team, headers, subscription, call, listInvoices };
}

describe('renewal', () => {
  it('renews on read for every period that ended, one paid invoice each, keeping the day of the month', async () => {
    const { clock, call, listInvoices } = await subscribedTeam('2026-01-31T09:00:00Z');
    clock.advance(Date.parse('2026-04-15T00:00:00Z') - clock.now().getTime());

    const { body: subscription } = await call('GET', '/subscription');
    expect(subscription).toMatchObject({
      status: 'active',
      current_period_start: '2026-03-31T09:00:00.000Z',
      current_period_end: '2026-04-30T09:00:00.000Z',
    });
    const expected = ['2026-03-31T09:00:00.000Z', '2026-02-28T09:00:00.000Z', '2026-01-31T09:00:00.000Z'];
    const list = await listInvoices();
    expect(list.map((invoice) => invoice.created_at)).toEqual(expected);
    expect(list.every((invoice) => invoice.status === 'paid' && invoice.amount === 2900)).toBe(true);
    expect(list.map((invoice) => invoice.number.slice(-4))).toEqual(['0003', '0002', '0001']);
    // Reading again bills nothing more.
    expect((await listInvoices()).map((invoice) => invoice.created_at)).toEqual(expected);
  });

  it('an annual subscription renews once a year', async () => {
    const { clock, call, listInvoices } = await subscribedTeam('2026-02-10T00:00:00Z', 'business', 'annual');
    clock.advance(364 * DAY);
    expect((await listInvoices()).length).toBe(1);
    clock.advance(2 * DAY);
    expect((await call('GET', '/subscription')).body).toMatchObject({
      current_period_start: '2027-02-10T00:00:00.000Z',
      current_period_end: '2028-02-10T00:00:00.000Z',
    });
    expect((await listInvoices()).map((invoice) => invoice.amount)).toEqual([59400, 59400]);
  });

  it('the renewal job bills ended periods without anyone reading, also after a restart', async () => {
    const { app, clock, team } = await subscribedTeam('2026-06-01T12:00:00Z');
    const db = app.database.db;
    const invoiceCount = async () =>
      (await db.select().from(invoices).where(eq(invoices.tenantId, team.uuid))).length;

    clock.advance(30 * DAY + 1);
    await app.billing.renewals.runOnce();
    expect(await invoiceCount()).toBe(2);

    // A restart months later: the new process's first round catches up on every period it missed.
    clock.advance(62 * DAY);
    const restarted = await buildApp({
      config: testConfig(LONG_LIVED_TOKENS),
      database: app.database,
      webDir: null,
      clock,
    });
    opened.push(restarted);
    await restarted.ready();
    await restarted.billing.renewals.runOnce();
    expect(await invoiceCount()).toBe(4);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.tenantId, team.uuid));
    expect(row).toMatchObject({
      status: 'active',
      currentPeriodStart: new Date('2026-09-01T12:00:00Z'),
      currentPeriodEnd: new Date('2026-10-01T12:00:00Z'),
    });
    const periods = await db
      .select({ start: invoices.periodStart })
      .from(invoices)
      .where(eq(invoices.tenantId, team.uuid))
      .orderBy(asc(invoices.periodStart));
    expect(periods.map((period) => period.start?.toISOString().slice(0, 10))).toEqual([
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
    ]);
  });
});

describe('cancel and resume', () => {
  it('cancels at period end: active until then, canceled after, and nothing more billed', async () => {
    const { clock, call, listInvoices, subscription } = await subscribedTeam('2026-06-01T12:00:00Z');
    clock.advance(10 * DAY);
    const cancelled = await call('POST', '/local/portal/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'active', cancel_at_period_end: true });
    // Cancelling twice is harmless.
    expect((await call('POST', '/local/portal/cancel')).body).toEqual(cancelled.body);

    clock.advance(Date.parse(subscription.current_period_end) - clock.now().getTime() - 1);
    expect((await call('GET', '/subscription')).body).toMatchObject({ status: 'active' });
    clock.advance(1);
    const ended = (await call('GET', '/subscription')).body as Subscription;
    expect(ended).toMatchObject({
      id: subscription.id,
      status: 'canceled',
      cancel_at_period_end: true,
      current_period_end: subscription.current_period_end,
    });
    clock.advance(90 * DAY);
    expect(await listInvoices()).toHaveLength(1);

    expect((await call('POST', '/local/portal/resume')).status).toBe(400);
    const change = await call('POST', '/local/portal/change-plan', {
      plan_id: 'business',
      billing_interval: 'monthly',
    });
    expect(change.status).toBe(400);
    expect(change.body.detail).toMatch(/has ended/);
    // The portal still opens, and a new checkout replaces the ended subscription.
    expect((await call('POST', '/portal')).status).toBe(200);
    expect((await call('POST', '/checkout', { plan_id: 'starter' })).status).toBe(200);
  });

  it('a new checkout after the end starts a new subscription', async () => {
    const { app, clock, owner, team, call, subscription } = await subscribedTeam('2026-06-01T12:00:00Z');
    await call('POST', '/local/portal/cancel');
    clock.advance(40 * DAY);
    const renewed = await subscribeLocally(app, owner, team.uuid, 'starter', 'annual');
    expect(renewed.id).not.toBe(subscription.id);
    expect(renewed).toMatchObject({ plan_id: 'starter', status: 'active', cancel_at_period_end: false });
    expect((await call('GET', '/subscription')).body).toEqual(renewed);
  });

  it('resume before the period ends keeps the subscription renewing', async () => {
    const { clock, call, listInvoices } = await subscribedTeam('2026-06-01T12:00:00Z');
    await call('POST', '/local/portal/cancel');
    clock.advance(5 * DAY);
    const resumed = await call('POST', '/local/portal/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'active', cancel_at_period_end: false });
    clock.advance(30 * DAY);
    expect((await call('GET', '/subscription')).body).toMatchObject({
      status: 'active',
      current_period_start: '2026-07-01T12:00:00.000Z',
    });
    expect(await listInvoices()).toHaveLength(2);
  });

  it('the portal’s actions need a subscription', async () => {
    const clock = new TestClock();
    const app = await buildTestApp({ clock });
    opened.push(app);
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    for (const url of ['cancel', 'resume', 'change-plan']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/payments/local/portal/${url}`,
        headers: inTenant(owner.access_token, team.uuid),
        payload: url === 'change-plan' ? { plan_id: 'pro', billing_interval: 'monthly' } : undefined,
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'No subscription found', code: 'subscription_not_found' });
    }
  });
});

describe('changing plan (prorated, effective at once)', () => {
  it('an upgrade credits the unused time and bills the difference now; a new period starts', async () => {
    const { clock, call, listInvoices } = await subscribedTeam('2026-06-01T00:00:00Z', 'starter');
    clock.advance(15 * DAY); // half of June's 30 days are used
    const changed = await call('POST', '/local/portal/change-plan', {
      plan_id: 'pro',
      billing_interval: 'monthly',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      plan_id: 'pro',
      billing_interval: 'monthly',
      status: 'active',
      current_period_start: '2026-06-16T00:00:00.000Z',
      current_period_end: '2026-07-16T00:00:00.000Z',
    });
    // Pro costs 29.00; half of Starter's 9.00 comes back as credit.
    expect((await listInvoices()).map((invoice) => invoice.amount)).toEqual([2900 - 450, 900]);
  });

  it('a downgrade leaves credit that pays the next invoices', async () => {
    const { clock, call, listInvoices } = await subscribedTeam('2026-06-01T00:00:00Z', 'pro');
    clock.advance(DAY); // 29 of June's 30 days unused: 28.03 of credit
    const changed = await call('POST', '/local/portal/change-plan', {
      plan_id: 'starter',
      billing_interval: 'monthly',
    });
    expect(changed.body).toMatchObject({
      plan_id: 'starter',
      current_period_end: '2026-07-02T00:00:00.000Z',
    });
    // The change and the next two renewals are paid from the credit; the third pays 9.00 less the 1.03 left.
    clock.advance(Date.parse('2026-09-03T00:00:00Z') - clock.now().getTime());
    expect((await listInvoices()).map((invoice) => invoice.amount)).toEqual([900 - 103, 0, 0, 0, 2900]);
  });

  it('switching to annual bills the annual price less the credit and runs for a year', async () => {
    const { clock, call, listInvoices } = await subscribedTeam('2026-06-01T00:00:00Z', 'pro');
    clock.advance(6 * DAY); // 24 of 30 days unused: 23.20 of credit
    const changed = await call('POST', '/local/portal/change-plan', {
      plan_id: 'pro',
      billing_interval: 'annual',
    });
    expect(changed.body).toMatchObject({
      billing_interval: 'annual',
      current_period_end: '2027-06-07T00:00:00.000Z',
    });
    expect((await listInvoices())[0]!.amount).toBe(17400 - 2320);
  });

  it('refuses the current plan and unknown plans', async () => {
    const { call } = await subscribedTeam('2026-06-01T00:00:00Z', 'pro');
    const same = await call('POST', '/local/portal/change-plan', {
      plan_id: 'pro',
      billing_interval: 'monthly',
    });
    expect(same.status).toBe(400);
    expect(same.body.detail).toMatch(/already on this plan/);
    const unknown = await call('POST', '/local/portal/change-plan', {
      plan_id: 'galactic',
      billing_interval: 'monthly',
    });
    expect(unknown.status).toBe(422);
    const noInterval = await call('POST', '/local/portal/change-plan', { plan_id: 'business' });
    expect(noInterval.status).toBe(422);
  });
});
