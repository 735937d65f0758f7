// The local test-mode provider's rules (docs/contract.md section 3): its checkout page pays with a test card, its portal
// changes plan, cancels at period end and resumes, and periods renew with an invoice each or end when cancelled.
//
// Plan changes are prorated and take effect at once: a new billing period starts that moment, the unused part of the
// current one is credited at its plan's price, and the new plan's price less that credit is invoiced immediately.
// Credit larger than the new price stays on the subscription and is taken off the next invoices. A per-seat plan
// bills its price times the team's seats; each change of seats during a paid period adds a prorated line that waits
// for the next invoice (seats/seats.service.ts).
import {
  isUuid,
  type BillingInterval,
  type UpcomingInvoice,
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
import type { PlanSeats } from '../billing-provider.ts';
import { addIntervals, nextPeriodEnd, unusedFraction } from './billing-periods.ts';
import { subscriptionExists, unknownPlan } from '../billing.refusals.ts';
import * as repo from '../billing.repository.ts';
import { applyCredit, priceOf, toPlan, toSubscription } from '../billing.responses.ts';
import { periodLine, sumOf, toInvoiceLine } from '../invoice-lines.ts';
import { quantityFor } from '../seats/quantity.ts';
import { recordSubscriptionChange } from '../subscription-activity.ts';
import { type CardDetails, chargeTestCard } from './test-cards.ts';

export type LocalBillingDeps = {
  db: Db;
  clock: Clock;
  /** TRIAL_DAYS: the free days a team's first subscription starts with (0: none). */
  trialDays: number;
  /** What a plan's member limit counts: handed in by the members module (PlanSeats). */
  planSeats: PlanSeats;
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

/**
 * A plan whose member limit is below what the team counts against it (its members and pending invitations, as every
 * limit counts them) cannot take the team over (docs/contract.md section 4): 402.
 */
async function requireRoomForTeam(
  { planSeats, clock }: LocalBillingDeps,
  tx: Db,
  tenantId: string,
  plan: repo.PlanRow,
) {
  const members = await planSeats(tx, tenantId, clock.now());
  if (plan.memberLimit !== null && members > plan.memberLimit) {
    throw new AppError(
      'PLAN_LIMIT',
      `The ${plan.name} plan allows ${plan.memberLimit} members and the team has ${members}, pending invitations included. Remove members or revoke invitations first.`,
      'plan_limit',
      { reason: 'plan_members', plan: plan.name, count: plan.memberLimit, members },
    );
  }
}

/**
 * Issues a paid local invoice for one period: its own lines, then the team's lines waiting for an invoice (seat changes
 * since the last one), less the team's credit. An invoice never goes below zero: what the lines take off beyond it is
 * credit for the next ones, never paid out. Undefined when that period already has an invoice.
 */
async function issuePaidInvoice(
  tx: Db,
  invoice: {
    tenantId: string;
    plan: repo.PlanRow;
    interval: BillingInterval;
    lines: repo.NewInvoiceLine[];
    credit: number;
    start: Date;
    end: Date;
  },
) {
  const { tenantId, plan, start } = invoice;
  const pending = await repo.findPendingLines(tx, tenantId);
  const subtotal = sumOf(invoice.lines) + sumOf(pending);
  const charge =
    subtotal < 0
      ? { amount: 0, creditLeft: Math.max(0, invoice.credit) - subtotal }
      : applyCredit(subtotal, invoice.credit);
  const row = await repo.insertInvoice(tx, {
    tenantId,
    number: await repo.nextInvoiceNumber(tx, tenantId),
    amount: charge.amount,
    subtotal,
    currency: plan.currency,
    status: 'paid',
    dueDate: start,
    planId: plan.id,
    interval: invoice.interval,
    periodStart: start,
    periodEnd: invoice.end,
    createdAt: start,
  });
  if (!row) return undefined;
  await repo.attachPendingLines(tx, tenantId, row.uuid);
  await repo.insertInvoiceLines(tx, tenantId, row.uuid, invoice.lines, start);
  return { invoice: row, creditLeft: charge.creditLeft };
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
    const plan = await requirePlan(tx, row.planId);
    const start = row.currentPeriodEnd;
    if (row.cancelAtPeriodEnd) {
      // Seat changes made before the cancellation are billed on a last invoice of their own.
      const last =
        (await repo.findPendingLines(tx, tenantId)).length > 0
          ? await issuePaidInvoice(tx, {
              tenantId,
              plan,
              interval: row.interval,
              lines: [],
              credit: row.creditBalance,
              start,
              end: start,
            })
          : undefined;
      row = await repo.updateSubscription(tx, tenantId, {
        status: 'canceled',
        trialEndsAt: null,
        ...(last && { creditBalance: last.creditLeft }),
      });
      break;
    }
    const end = nextPeriodEnd(row.billingCycleAnchor ?? row.currentPeriodStart, row.interval, start);
    // The seats the team has now: the quantity, kept by every change, unless it was set before per-seat billing.
    const quantity = await quantityFor(tx, tenantId, plan);
    const issued = await issuePaidInvoice(tx, {
      tenantId,
      plan,
      interval: row.interval,
      lines: [periodLine(plan, row.interval, quantity, { start, end })],
      credit: row.creditBalance,
      start,
      end,
    });
    row = await repo.updateSubscription(tx, tenantId, {
      currentPeriodStart: start,
      currentPeriodEnd: end,
      quantity,
      ...(issued && { creditBalance: issued.creditLeft }),
      ...(row.status === 'trialing' && { status: 'active' as const, trialEndsAt: null }),
    });
  }
  // A trial that became a paid subscription, or a subscription that ended: the team's log says so, by no one.
  if (row.status !== current.status) await recordSubscriptionChange(tx, tenantId, null, row);
  return row;
}

/**
 * The invoice a live local subscription will be sent when its period ends, as it stands: the next period at the
 * current quantity and the seat changes since the last invoice, less the credit. Null when none will come (the
 * subscription ends with its period, with no seat added since its last invoice).
 */
export async function upcomingLocalInvoice(
  tx: Db,
  row: repo.SubscriptionRow,
): Promise<UpcomingInvoice | null> {
  if (!repo.isLive(row.status)) return null;
  const pending = await repo.findPendingLines(tx, row.tenantId);
  // A subscription set to end sends a last invoice only for the seats it added since its last one.
  if (row.cancelAtPeriodEnd && pending.length === 0) return null;
  const plan = await requirePlan(tx, row.planId);
  const start = row.currentPeriodEnd;
  const end = row.cancelAtPeriodEnd
    ? start
    : nextPeriodEnd(row.billingCycleAnchor ?? row.currentPeriodStart, row.interval, start);
  const lines = [
    ...pending,
    ...(row.cancelAtPeriodEnd ? [] : [periodLine(plan, row.interval, row.quantity, { start, end })]),
  ];
  return {
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    currency: plan.currency,
    amount: applyCredit(Math.max(0, sumOf(lines)), row.creditBalance).amount,
    lines: lines.map(toInvoiceLine),
  };
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
    const quantity = await quantityFor(tx, session.tenantId, plan);
    const { amount } = applyCredit(
      quantity * priceOf(plan, session.interval),
      subscription?.creditBalance ?? 0,
    );
    return {
      id: session.uuid,
      tenant_uuid: tenant.uuid,
      tenant_name: tenant.name,
      plan: toPlan(plan),
      billing_interval: session.interval,
      amount: trial > 0 ? 0 : amount,
      quantity,
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
    const quantity = await quantityFor(tx, tenantId, plan);
    const end = trialEndsAt ?? addIntervals(now, session.interval, 1);
    const issued = trialEndsAt
      ? undefined
      : await issuePaidInvoice(tx, {
          tenantId,
          plan,
          interval: session.interval,
          lines: [periodLine(plan, session.interval, quantity, { start: now, end })],
          credit: existing?.creditBalance ?? 0,
          start: now,
          end,
        });
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
      creditBalance: issued?.creditLeft ?? existing?.creditBalance ?? 0,
      quantity,
      unitAmount: priceOf(plan, session.interval),
      seatVersion: 0,
      providerUpdatedAt: null,
      trialEndsAt,
    });
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
  deps: LocalBillingDeps,
  caller: MemberCaller,
  { plan_id, billing_interval }: ChangePlanBody,
): Promise<Subscription> {
  const now = deps.clock.now();
  return withTenantScope(deps.db, caller.tenantId, async (tx) => {
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
    await requireRoomForTeam(deps, tx, caller.tenantId, plan);
    const quantity = await quantityFor(tx, caller.tenantId, plan);
    // A trial has nothing paid to credit: it goes on with the new plan, which is invoiced when the trial ends.
    if (current.status === 'trialing') {
      const row = await repo.updateSubscription(tx, caller.tenantId, {
        planId: plan.id,
        interval: billing_interval,
        quantity,
        unitAmount: priceOf(plan, billing_interval),
      });
      await recordSubscriptionChange(tx, caller.tenantId, caller.userId, row);
      return toSubscription(row);
    }
    const oldPlan = await requirePlan(tx, current.planId);

    const unused = unusedFraction({ start: current.currentPeriodStart, end: current.currentPeriodEnd }, now);
    const paid = current.quantity * priceOf(oldPlan, current.interval);
    const credit = current.creditBalance + Math.round(paid * unused);
    const end = addIntervals(now, billing_interval, 1);

    const issued = await issuePaidInvoice(tx, {
      tenantId: caller.tenantId,
      plan,
      interval: billing_interval,
      lines: [periodLine(plan, billing_interval, quantity, { start: now, end })],
      credit,
      start: now,
      end,
    });
    // Another change started a period at this very instant: let the caller retry rather than bill twice.
    if (!issued)
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
      creditBalance: issued.creditLeft,
      quantity,
      unitAmount: priceOf(plan, billing_interval),
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
