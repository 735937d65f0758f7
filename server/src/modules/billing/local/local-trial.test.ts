// Trials of the local provider (TRIAL_DAYS, docs/contract.md section 4): a team's first checkout starts one without an
// invoice; at its end the renewal job converts it with the first invoice, or ends it when cancelled, after a restart
// too; a team that had a subscription gets no second trial.
import type { Invoice, Subscription } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  buildTestApp,
  createTeam,
  inTenant,
  registerUser,
  TestClock,
  type TestApp,
  testConfig,
} from '../../../../test/helpers.ts';
import { LONG_LIVED_TOKENS, subscribeLocally, TEST_CARD } from '../../../../test/local-billing.ts';
import { buildApp } from '../../../app.ts';
import { invoices, subscriptions } from '../../../db/schema/billing.ts';

const DAY = 86_400_000;
const START = '2026-06-01T12:00:00.000Z';
const TRIAL_END = '2026-06-15T12:00:00.000Z';
const TRIAL = { ...LONG_LIVED_TOKENS, TRIAL_DAYS: '14' };

const opened: TestApp[] = [];
afterEach(async () => {
  // Last opened first: a restarted app shares the first one's database, which closes with the first.
  for (const app of opened.splice(0).reverse()) await app.close();
});

/** A fresh app with these settings whose clock starts at START, and a team with no subscription yet. */
async function teamOf(env: Record<string, string>) {
  const clock = new TestClock(new Date(START));
  const app = await buildTestApp({ clock, config: testConfig(env) });
  opened.push(app);
  const owner = await registerUser(app);
  const team = await createTeam(app, owner, 'Initech');
  const headers = inTenant(owner.access_token, team.uuid);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api/payments${url}`, headers, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const subscribe = (planId = 'pro') => subscribeLocally(app, owner, team.uuid, planId);
  /** What the checkout page shows for a new checkout: the trial and what is due now. */
  const checkoutPage = async () => {
    const { url } = (await call('POST', '/checkout', { plan_id: 'pro' })).body as { url: string };
    const page = await app.inject({
      method: 'GET',
      url: `/api/payments/local/checkout/${url.split('/').pop()}`,
      headers: { authorization: headers.authorization },
    });
    return page.json() as { trial_days: number; amount: number };
  };
  const read = async () => (await call('GET', '/subscription')).body as Subscription;
  /** The stored row and invoices, read without settling anything, as the renewal job left them. */
  const stored = async () => {
    const db = app.database.db;
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.tenantId, team.uuid));
    const bills = await db.select().from(invoices).where(eq(invoices.tenantId, team.uuid));
    return { row: row!, invoices: bills };
  };
  const moveTo = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
  /** The team's log of subscription changes, oldest first: who (null: the app itself) and what. */
  const subscriptionLog = async () => {
    const response = await app.inject({ url: '/api/activity?action=subscription.changed', headers });
    return (response.json() as { actor_email: string | null; target: string }[])
      .map(({ actor_email, target }) => ({ actor_email, target }))
      .reverse();
  };
  return { app, clock, owner, team, call, subscribe, checkoutPage, read, stored, moveTo, subscriptionLog };
}

describe('a trial with the local provider', () => {
  it('the first checkout starts a trial of TRIAL_DAYS: trialing, no invoice, the period ending with the trial', async () => {
    const t = await teamOf(TRIAL);
    expect(await t.checkoutPage()).toMatchObject({ trial_days: 14, amount: 0 });
    const subscription = await t.subscribe();
    expect(subscription).toMatchObject({
      status: 'trialing',
      trial_ends_at: TRIAL_END,
      current_period_start: START,
      current_period_end: TRIAL_END,
      cancel_at_period_end: false,
    });
    expect(await t.read()).toEqual(subscription);
    expect((await t.call('GET', '/invoices')).body).toEqual([]);
  });

  it('TRIAL_DAYS=0: the first checkout is paid at once, without a trial', async () => {
    const t = await teamOf(LONG_LIVED_TOKENS);
    expect(await t.checkoutPage()).toMatchObject({ trial_days: 0, amount: 2900 });
    expect(await t.subscribe()).toMatchObject({ status: 'active', trial_ends_at: null });
    expect((await t.call('GET', '/invoices')).body).toHaveLength(1);
  });

  it('converts on time at the trial’s end: active, with the first paid invoice for the first real period', async () => {
    const t = await teamOf(TRIAL);
    await t.subscribe();
    t.moveTo(TRIAL_END);
    t.clock.advance(-1);
    await t.app.billing.renewals.runOnce();
    expect((await t.stored()).row.status).toBe('trialing');

    t.clock.advance(1);
    await t.app.billing.renewals.runOnce();
    const { row, invoices: bills } = await t.stored();
    expect(row).toMatchObject({
      status: 'active',
      trialEndsAt: null,
      currentPeriodStart: new Date(TRIAL_END),
      currentPeriodEnd: new Date('2026-07-15T12:00:00Z'),
    });
    expect(bills).toEqual([
      expect.objectContaining({
        status: 'paid',
        amount: 2900,
        planId: 'pro',
        createdAt: new Date(TRIAL_END),
        periodStart: new Date(TRIAL_END),
        periodEnd: new Date('2026-07-15T12:00:00Z'),
      }),
    ]);

    expect(await t.subscriptionLog()).toEqual([
      { actor_email: t.owner.email, target: 'pro (trialing)' },
      { actor_email: null, target: 'pro (active)' },
    ]);

    // Later periods count from the trial's end.
    t.moveTo('2026-07-15T12:00:00.000Z');
    const invoiced = (await t.call('GET', '/invoices')).body as Invoice[];
    expect(invoiced.map((invoice) => invoice.created_at)).toEqual(['2026-07-15T12:00:00.000Z', TRIAL_END]);
  });

  it('cancelled during the trial: it ends with the trial, canceled and never invoiced', async () => {
    const t = await teamOf(TRIAL);
    await t.subscribe();
    t.clock.advance(3 * DAY);
    const cancelled = await t.call('POST', '/local/portal/cancel');
    expect(cancelled.body).toMatchObject({ status: 'trialing', cancel_at_period_end: true });

    t.moveTo(TRIAL_END);
    await t.app.billing.renewals.runOnce();
    const { row, invoices: bills } = await t.stored();
    expect(row).toMatchObject({ status: 'canceled', trialEndsAt: null });
    expect(bills).toEqual([]);
    expect((await t.subscriptionLog()).at(-1)).toEqual({ actor_email: null, target: 'pro (canceled)' });
  });

  it('a plan change during the trial keeps the trial and invoices the new plan at its end', async () => {
    const t = await teamOf(TRIAL);
    await t.subscribe('starter');
    t.clock.advance(5 * DAY);
    const changed = await t.call('POST', '/local/portal/change-plan', {
      plan_id: 'business',
      billing_interval: 'monthly',
    });
    expect(changed.body).toMatchObject({
      plan_id: 'business',
      status: 'trialing',
      trial_ends_at: TRIAL_END,
      current_period_end: TRIAL_END,
    });
    expect((await t.stored()).invoices).toEqual([]);
    expect((await t.subscriptionLog()).at(-1)).toEqual({
      actor_email: t.owner.email,
      target: 'business (trialing)',
    });

    t.moveTo(TRIAL_END);
    const invoiced = (await t.call('GET', '/invoices')).body as Invoice[];
    expect(invoiced.map((invoice) => invoice.amount)).toEqual([9900]);
    expect(await t.read()).toMatchObject({ status: 'active', plan_id: 'business', trial_ends_at: null });
  });

  it('a trial whose end passed while the app was down is settled when it starts again', async () => {
    const t = await teamOf(TRIAL);
    await t.subscribe();
    // The app goes down before the trial ends; it starts again a week after.
    await t.app.billing.renewals.stop();
    t.moveTo(TRIAL_END);
    t.clock.advance(7 * DAY);
    expect((await t.stored()).row.status).toBe('trialing');

    const restarted = await buildApp({
      config: testConfig(TRIAL),
      database: t.app.database,
      webDir: null,
      clock: t.clock,
    });
    opened.push(restarted);
    // Start-up's own round settles it: nobody reads, nothing else runs.
    await restarted.ready();
    await vi.waitFor(async () => expect((await t.stored()).row.status).toBe('active'));
    const { row, invoices: bills } = await t.stored();
    expect(row).toMatchObject({
      status: 'active',
      trialEndsAt: null,
      currentPeriodStart: new Date(TRIAL_END),
    });
    expect(bills.map((invoice) => invoice.createdAt)).toEqual([new Date(TRIAL_END)]);
  });

  it.each(['one after the other', 'at the same moment'])(
    'two checkouts opened before the first completed, paid %s: one trial, the other checkout refused',
    async (when) => {
      const t = await teamOf(TRIAL);
      const open = async () =>
        ((await t.call('POST', '/checkout', { plan_id: 'pro' })).body as { url: string }).url
          .split('/')
          .pop()!;
      const sessions = [await open(), await open()];
      const page = async (session: string) =>
        (
          await t.app.inject({
            url: `/api/payments/local/checkout/${session}`,
            headers: { authorization: `Bearer ${t.owner.access_token}` },
          })
        ).json() as { trial_days: number; amount: number };
      for (const session of sessions)
        expect(await page(session)).toMatchObject({ trial_days: 14, amount: 0 });

      const pay = (session: string) => t.call('POST', `/local/checkout/${session}/pay`, TEST_CARD);
      const outcomes =
        when === 'at the same moment'
          ? await Promise.all(sessions.map(pay))
          : [await pay(sessions[1]!), await pay(sessions[0]!)];
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 400]);
      expect(outcomes.find((outcome) => outcome.status === 200)!.body).toMatchObject({
        status: 'trialing',
        trial_ends_at: TRIAL_END,
      });
      expect(outcomes.find((outcome) => outcome.status === 400)!.body).toEqual({
        detail:
          'This team already has a subscription. Change plan or billing interval in the billing portal.',
        code: 'subscription_exists',
      });
      // Neither checkout offers the trial any more, and nothing was charged.
      for (const session of sessions) expect(await page(session)).toMatchObject({ trial_days: 0 });
      expect((await t.stored()).invoices).toEqual([]);
    },
  );

  it('a team that had a subscription gets no second trial', async () => {
    const t = await teamOf(TRIAL);
    await t.subscribe();
    await t.call('POST', '/local/portal/cancel');
    t.moveTo(TRIAL_END);
    expect(await t.read()).toMatchObject({ status: 'canceled' });

    expect(await t.checkoutPage()).toMatchObject({ trial_days: 0, amount: 2900 });
    const again = await t.subscribe('starter');
    expect(again).toMatchObject({
      status: 'active',
      trial_ends_at: null,
      current_period_start: TRIAL_END,
      current_period_end: '2026-07-15T12:00:00.000Z',
    });
    const invoiced = (await t.call('GET', '/invoices')).body as Invoice[];
    expect(invoiced.map((invoice) => [invoice.amount, invoice.created_at])).toEqual([[900, TRIAL_END]]);
  });
});
