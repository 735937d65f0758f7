// The local test-mode provider's rules (docs/contract.md section 3): its checkout page pays with a test card, its portal
// changes plan, cancels at period end and resumes, and periods renew with an invoice each or end when cancelled.
//
// Plan changes are prorated and take effect at once: a new billing period starts that moment, the unused part of the
// current one is credited at its plan's price, and the new plan's price less that credit is invoiced immediately.
// Credit larger than the new price stays on the subscription and is taken off the next invoices.
import {
  isUuid,
  type BillingInterval,
  type ChangePlanBody,
  type LocalCheckoutSession,
  type Role,
  type Subscription,
} from '@app/contract';

import type { Db } from '../../../db/client.ts';
import { withTenantScope } from '../../../db/tenant-scope.ts';
import { AppError } from '../../../lib/app-error.ts';
import { type Clock, DAY_MS } from '../../../lib/clock.ts';
import type { MemberCaller } from '../../../lib/caller.ts';
import { addIntervals, nextPeriodEnd, unusedFraction } from './billing-periods.ts';
import { subscriptionExists, unknownPlan } from '../billing.refusals.ts';
import * as repo from '../billing.repository.ts';
import { applyCredit, priceOf, toPlan, toSubscription } from '../billing.responses.ts';
import { recordSubscriptionChange } from '../subscription-activity.ts';
import { type CardDetails, chargeTestCard } from './test-cards.ts';

export type LocalBillingDeps = {
  db: Db;
  clock: Clock;
  /** TRIAL_DAYS: the free days a team's first subscription starts with (0: none). */
  trialDays: number;
};

const noSubscription = () => new AppError('NOT_FOUND', 'No subscription found', 'subscription_not_found');
const ended = () =>
  new AppError(
    'BAD_REQUEST',
    'This subscription has ended. Choose a plan on the Subscription page to start again.',
    'subscription_ended',
  );

async function requirePlan(tx: Db, planId: string) {
  const plan = await repo.findPlan(tx, planId);
  if (!plan) throw unknownPlan(planId);
  return plan;
}

/** A paid local invoice for one period; undefined when that period already has one. */
async function insertPaidInvoice(
  tx: Db,
  invoice: {
    tenantId: string;
    plan: repo.PlanRow;
    interval: BillingInterval;
    subtotal: number;
    amount: number;
    start: Date;
    end: Date;
  },
) {
  return repo.insertInvoice(tx, {
    tenantId: invoice.tenantId,
    number: await repo.nextInvoiceNumber(tx, invoice.tenantId),
    amount: invoice.amount,
    subtotal: invoice.subtotal,
    currency: invoice.plan.currency,
    status: 'paid',
    dueDate: invoice.start,
    planId: invoice.plan.id,
    interval: invoice.interval,
    periodStart: invoice.start,
    periodEnd: invoice.end,
    createdAt: invoice.start,
  });
}

export const isDue = (row: repo.SubscriptionRow, now: Date) =>
  row.provider === 'local' && repo.isLive(row.status) && row.currentPeriodEnd <= now;

/**
 * Brings a local subscription up to `now`: each period that has ended renews with a paid invoice dated when it
 * began, or the subscription ends if it was set to cancel. A trial is a period without an invoice: at its end the
 * subscription becomes active with the first invoice, or ends. Runs on every read and from the renewal job, so the
 * state is right after any downtime. Answers the subscription as it now stands.
 */
export async function settleLocalSubscription(tx: Db, tenantId: string, now: Date) {
  const current = await repo.findSubscription(tx, tenantId);
  if (!current || !isDue(current, now)) return current;
  await repo.lockTeamBilling(tx, tenantId);
  let row = (await repo.findSubscription(tx, tenantId))!;
  while (isDue(row, now)) {
    if (row.cancelAtPeriodEnd) {
      row = await repo.updateSubscription(tx, tenantId, { status: 'canceled', trialEndsAt: null });
      break;
    }
    const plan = await requirePlan(tx, row.planId);
    const start = row.currentPeriodEnd;
    const end = nextPeriodEnd(row.billingCycleAnchor ?? row.currentPeriodStart, row.interval, start);
    const price = priceOf(plan, row.interval);
    const charge = applyCredit(price, row.creditBalance);
    await insertPaidInvoice(tx, {
      tenantId,
      plan,
      interval: row.interval,
      subtotal: price,
      amount: charge.amount,
      start,
      end,
    });
    row = await repo.updateSubscription(tx, tenantId, {
      currentPeriodStart: start,
      currentPeriodEnd: end,
      creditBalance: charge.creditLeft,
      ...(row.status === 'trialing' && { status: 'active' as const, trialEndsAt: null }),
    });
  }
  // A trial that became a paid subscription, or a subscription that ended: the team's log says so, by no one.
  if (row.status !== current.status) await recordSubscriptionChange(tx, tenantId, null, row);
  return row;
}

/** The teams whose local period has ended, for the renewal job. */
export function findDueTeams({ db, clock }: LocalBillingDeps, limit: number) {
  return repo.findDueLocalSubscriptions(db, clock.now(), limit);
}

export async function settleTeam({ db, clock }: LocalBillingDeps, tenantId: string) {
  await withTenantScope(db, tenantId, (tx) => settleLocalSubscription(tx, tenantId, clock.now()));
}

// --- The checkout page -------------------------------------------------------------------------------------------

/**
 * Who opens a checkout page, which names its team itself rather than in X-TENANT-UUID: their account and their role
 * in a team, by the tenant access check every team request passes (app.findTenantAccess), null when not a member.
 */
export type CheckoutCaller = { userId: string; roleIn(tenantId: string): Promise<Role | null> };

/** The session when the caller is an admin or the owner of its team; the same 404 for an unknown id or team. */
async function requireSessionForAdmin(db: Db, caller: CheckoutCaller, sessionId: string) {
  const session = isUuid(sessionId) ? await repo.findCheckoutSession(db, sessionId) : undefined;
  const role = session && (await caller.roleIn(session.tenantId));
  if (!session || !role) throw new AppError('NOT_FOUND', 'Checkout session not found', 'checkout_not_found');
  if (role === 'member')
    throw new AppError('FORBIDDEN', 'Only team admins and the owner can do this', 'admin_only');
  return session;
}

const sessionStatus = (session: repo.CheckoutSessionRow, now: Date) =>
  session.completedAt ? 'complete' : session.expiresAt <= now ? 'expired' : 'open';

function requireOpen(session: repo.CheckoutSessionRow, now: Date) {
  const status = sessionStatus(session, now);
  if (status === 'complete')
    throw new AppError('BAD_REQUEST', 'This checkout has already been paid.', 'checkout_paid');
  if (status === 'expired') {
    throw new AppError(
      'BAD_REQUEST',
      'This checkout session has expired. Start again from the Subscription page.',
      'checkout_expired',
    );
  }
}

export async function getCheckoutSession(
  { db, clock, trialDays }: LocalBillingDeps,
  caller: CheckoutCaller,
  sessionId: string,
): Promise<LocalCheckoutSession> {
  const session = await requireSessionForAdmin(db, caller, sessionId);
  return withTenantScope(db, session.tenantId, async (tx) => {
    const tenant = (await repo.findTenant(tx, session.tenantId))!;
    const plan = await requirePlan(tx, session.planId);
    const subscription = await repo.findSubscription(tx, session.tenantId);
    // As payCheckoutSession decides: a team's first subscription starts with the trial, and pays nothing now.
    const trial = subscription ? 0 : trialDays;
    const { amount } = applyCredit(priceOf(plan, session.interval), subscription?.creditBalance ?? 0);
    return {
      id: session.uuid,
      tenant_uuid: tenant.uuid,
      tenant_name: tenant.name,
      plan: toPlan(plan),
      billing_interval: session.interval,
      amount: trial > 0 ? 0 : amount,
      currency: plan.currency,
      trial_days: trial,
      expires_at: session.expiresAt.toISOString(),
      status: sessionStatus(session, clock.now()),
    };
  });
}

/**
 * Pays a checkout session with a test card: the team gets an active subscription and a paid invoice, or, on its
 * first subscription with TRIAL_DAYS above 0, a trial that is invoiced when it ends.
 */
export async function payCheckoutSession(
  { db, clock, trialDays }: LocalBillingDeps,
  caller: CheckoutCaller,
  sessionId: string,
  card: CardDetails,
): Promise<Subscription> {
  const now = clock.now();
  const session = await requireSessionForAdmin(db, caller, sessionId);
  requireOpen(session, now);
  chargeTestCard(card, now);

  const tenantId = session.tenantId;
  return withTenantScope(db, tenantId, async (tx) => {
    await repo.lockTeamBilling(tx, tenantId);
    requireOpen((await repo.findCheckoutSession(tx, sessionId))!, now);
    const existing = await settleLocalSubscription(tx, tenantId, now);
    if (existing && repo.isLive(existing.status)) throw subscriptionExists();

    const plan = await requirePlan(tx, session.planId);
    // Only a team that never had a subscription gets a trial: cancelling and subscribing again pays at once.
    const trialEndsAt = !existing && trialDays > 0 ? new Date(now.getTime() + trialDays * DAY_MS) : null;
    const price = priceOf(plan, session.interval);
    const charge = applyCredit(price, existing?.creditBalance ?? 0);
    const end = trialEndsAt ?? addIntervals(now, session.interval, 1);
    const row = await repo.saveSubscription(tx, tenantId, {
      provider: 'local',
      providerSubscriptionId: null,
      providerCustomerId: null,
      planId: plan.id,
      interval: session.interval,
      status: trialEndsAt ? 'trialing' : 'active',
      currentPeriodStart: now,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      // The paid periods count from the trial's end.
      billingCycleAnchor: trialEndsAt ?? now,
      creditBalance: charge.creditLeft,
      providerUpdatedAt: null,
      trialEndsAt,
    });
    if (!trialEndsAt) {
      await insertPaidInvoice(tx, {
        tenantId,
        plan,
        interval: session.interval,
        subtotal: price,
        amount: charge.amount,
        start: now,
        end,
      });
    }
    await repo.completeCheckoutSession(tx, tenantId, sessionId, now);
    await recordSubscriptionChange(tx, tenantId, caller.userId, row);
    return toSubscription(row);
  });
}

// --- The portal page ---------------------------------------------------------------------------------------------

/** The team's local subscription, renewed up to now and locked against concurrent billing changes. */
async function requireLocalSubscription(tx: Db, tenantId: string, now: Date) {
  await repo.lockTeamBilling(tx, tenantId);
  const row = await settleLocalSubscription(tx, tenantId, now);
  if (!row) throw noSubscription();
  if (row.provider !== 'local') {
    throw new AppError(
      'BAD_REQUEST',
      'This subscription is managed by Stripe: open the billing portal instead.',
      'managed_by_stripe',
    );
  }
  return row;
}

export async function changePlan(
  { db, clock }: LocalBillingDeps,
  caller: MemberCaller,
  { plan_id, billing_interval }: ChangePlanBody,
): Promise<Subscription> {
  const now = clock.now();
  return withTenantScope(db, caller.tenantId, async (tx) => {
    const current = await requireLocalSubscription(tx, caller.tenantId, now);
    if (!repo.isLive(current.status)) throw ended();
    if (current.planId === plan_id && current.interval === billing_interval) {
      throw new AppError(
        'BAD_REQUEST',
        'The team is already on this plan and billing interval.',
        'same_plan',
      );
    }
    const plan = await requirePlan(tx, plan_id);
    // A trial has nothing paid to credit: it goes on with the new plan, which is invoiced when the trial ends.
    if (current.status === 'trialing') {
      const row = await repo.updateSubscription(tx, caller.tenantId, {
        planId: plan.id,
        interval: billing_interval,
      });
      await recordSubscriptionChange(tx, caller.tenantId, caller.userId, row);
      return toSubscription(row);
    }
    const oldPlan = await requirePlan(tx, current.planId);

    const unused = unusedFraction({ start: current.currentPeriodStart, end: current.currentPeriodEnd }, now);
    const credit = current.creditBalance + Math.round(priceOf(oldPlan, current.interval) * unused);
    const price = priceOf(plan, billing_interval);
    const charge = applyCredit(price, credit);
    const end = addIntervals(now, billing_interval, 1);

    const invoice = await insertPaidInvoice(tx, {
      tenantId: caller.tenantId,
      plan,
      interval: billing_interval,
      subtotal: price,
      amount: charge.amount,
      start: now,
      end,
    });
    // Another change started a period at this very instant: let the caller retry rather than bill twice.
    if (!invoice)
      throw new AppError(
        'CONFLICT',
        'Another billing change is under way. Please try again.',
        'billing_change_in_progress',
      );
    const row = await repo.updateSubscription(tx, caller.tenantId, {
      planId: plan.id,
      interval: billing_interval,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: end,
      billingCycleAnchor: now,
      creditBalance: charge.creditLeft,
    });
    await recordSubscriptionChange(tx, caller.tenantId, caller.userId, row);
    return toSubscription(row);
  });
}

/** Stops the renewal: the subscription stays active until the end of the period it is in. */
export async function cancelAtPeriodEnd({ db, clock }: LocalBillingDeps, caller: MemberCaller) {
  return withTenantScope(db, caller.tenantId, async (tx) => {
    const current = await requireLocalSubscription(tx, caller.tenantId, clock.now());
    if (!repo.isLive(current.status)) throw ended();
    if (current.cancelAtPeriodEnd) return toSubscription(current);
    const row = await repo.updateSubscription(tx, caller.tenantId, { cancelAtPeriodEnd: true });
    await recordSubscriptionChange(tx, caller.tenantId, caller.userId, row);
    return toSubscription(row);
  });
}

/** Undoes a cancellation before the period ends; afterwards a new checkout is needed. */
export async function resume({ db, clock }: LocalBillingDeps, caller: MemberCaller) {
  return withTenantScope(db, caller.tenantId, async (tx) => {
    const current = await requireLocalSubscription(tx, caller.tenantId, clock.now());
    if (!repo.isLive(current.status)) throw ended();
    if (!current.cancelAtPeriodEnd) return toSubscription(current);
    const row = await repo.updateSubscription(tx, caller.tenantId, { cancelAtPeriodEnd: false });
    await recordSubscriptionChange(tx, caller.tenantId, caller.userId, row);
    return toSubscription(row);
  });
}
