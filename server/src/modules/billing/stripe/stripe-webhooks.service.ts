// Stripe webhooks (docs/contract.md section 3) keep the team's subscription and invoices current. The signature is checked
// on the raw body; each event id is recorded in the same transaction as its effects, so a replay changes nothing;
// and an event older than the state already stored is ignored, so out-of-order deliveries end in the right state.
// A team never keeps two subscriptions Stripe can bill, and a team that no longer exists keeps none: such a
// subscription is cancelled at Stripe once its event is recorded. A team has one trial: a later subscription that
// Stripe starts trialing (its checkout was opened before the first was recorded) has its trial ended at Stripe.
import { isUuid, type BillingInterval, type SubscriptionStatus } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';

import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { recordStripeCustomer } from '../../tenants/tenants.service.ts';
import * as repo from '../billing.repository.ts';
import { priceOf } from '../billing.responses.ts';
import { quantityFor } from '../seats/quantity.ts';
import { setStripeQuantity } from '../seats/seats.service.ts';
import { recordSubscriptionChange } from '../subscription-activity.ts';
import {
  cancelStripeSubscription,
  endStripeTrial,
  providerUnavailable,
  type StripePrices,
  toLine,
} from './stripe-provider.ts';
import * as events from './stripe-webhooks.repository.ts';

export type StripeWebhookDeps = {
  db: Db;
  /** When a seat change a webhook asks for is due (the seat worker reads the same clock). */
  clock: Clock;
  stripe: Stripe;
  webhookSecret: string;
  prices: StripePrices;
  log: FastifyBaseLogger;
};

type SubscriptionEventKind = 'created' | 'updated' | 'deleted';

/** What an event asks of Stripe about a subscription, once its transaction is over: no network call holds it. */
type StripeAction = { do: 'cancel' | 'end trial'; subscriptionId: string };

const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'unpaid',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'inactive',
  paused: 'inactive',
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);
const fromSeconds = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** Verifies and applies one webhook delivery. Throws 400 for a bad signature, before anything is read or written. */
export async function handleStripeWebhook(
  deps: StripeWebhookDeps,
  payload: Buffer,
  signature: string | string[] | undefined,
): Promise<void> {
  if (typeof signature !== 'string' || signature === '') {
    throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header', 'stripe_signature_missing');
  }
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(payload, signature, deps.webhookSecret);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid Stripe-Signature header', 'stripe_signature_invalid');
  }

  // A completed checkout names its subscription without its state: fetch that before the transaction opens, so
  // no network call holds it. A failure answers 500 and Stripe delivers the event again.
  const checkoutSubscription =
    event.type === 'checkout.session.completed'
      ? await retrieveSubscription(deps, event.data.object)
      : undefined;
  // An invoice's event carries its first lines only: the rest are read now, outside the transaction, for the same reason.
  const invoiceLines =
    event.type === 'invoice.paid' || event.type === 'invoice.payment_failed'
      ? await allLines(deps, event.data.object)
      : [];

  const action = await deps.db.transaction(async (tx): Promise<StripeAction | undefined> => {
    // A replay returns here: whatever the event asked of Stripe was asked the first time.
    if (!(await events.recordEvent(tx, event.id, event.type))) return undefined;
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
        return applyCheckoutCompleted(deps, tx, event.data.object, checkoutSubscription, at);
      case 'customer.subscription.created':
        return applySubscription(deps, tx, event.data.object, 'created', at);
      case 'customer.subscription.updated':
        return applySubscription(deps, tx, event.data.object, 'updated', at);
      case 'customer.subscription.deleted':
        return applySubscription(deps, tx, event.data.object, 'deleted', at);
      case 'invoice.paid':
        await applyInvoice(deps, tx, event.data.object, invoiceLines, 'paid', at);
        return undefined;
      case 'invoice.payment_failed':
        await applyInvoice(deps, tx, event.data.object, invoiceLines, 'failed', at);
        return undefined;
      default:
        // Other events are acknowledged (and recorded) so Stripe stops sending them.
        return undefined;
    }
  });
  if (action) await askStripe(deps, event.id, action);
}

/**
 * Asks Stripe, once per event, to cancel a subscription no team keeps or to end a trial the team does not get. Both
 * are harmless twice (cancelStripeSubscription, endStripeTrial), so each later event about it may ask again. When
 * Stripe cannot be reached the event is forgotten and answered 503: Stripe delivers it again, and the retry decides
 * and asks anew.
 */
async function askStripe(deps: StripeWebhookDeps, eventId: string, action: StripeAction) {
  try {
    if (action.do === 'cancel') await cancelStripeSubscription(deps.stripe, action.subscriptionId);
    else await endStripeTrial(deps.stripe, action.subscriptionId);
  } catch (error) {
    deps.log.error(
      { err: error, subscription: action.subscriptionId },
      `Stripe call failed: ${action.do} a subscription`,
    );
    await events.forgetEvent(deps.db, eventId);
    throw providerUnavailable();
  }
}

/** Every line of an invoice: those its event carries, and the pages after them when it says there are more. */
async function allLines(deps: StripeWebhookDeps, invoice: Stripe.Invoice): Promise<Stripe.InvoiceLineItem[]> {
  const first = invoice.lines?.data ?? [];
  if (!invoice.lines?.has_more || !invoice.id) return first;
  return deps.stripe.invoices.listLineItems(invoice.id, { limit: 100 }).autoPagingToArray({ limit: 10_000 });
}

async function retrieveSubscription(deps: StripeWebhookDeps, session: Stripe.Checkout.Session) {
  if (session.mode !== 'subscription' || !session.subscription) return undefined;
  if (typeof session.subscription !== 'string') return session.subscription;
  return deps.stripe.subscriptions.retrieve(session.subscription);
}

/** The team an event is about: its metadata, else the stored subscription, else the team's Stripe customer. */
async function resolveTenant(
  tx: Db,
  hints: {
    tenantUuid?: string | null | undefined;
    subscriptionId?: string | undefined;
    customerId?: string | undefined;
  },
) {
  if (isUuid(hints.tenantUuid) && (await events.tenantExists(tx, hints.tenantUuid))) return hints.tenantUuid;
  const bySubscription =
    hints.subscriptionId && (await events.findTenantIdBySubscription(tx, hints.subscriptionId));
  if (bySubscription) return bySubscription;
  return (hints.customerId && (await events.findTenantIdByCustomer(tx, hints.customerId))) || undefined;
}

/** The plan and interval a Stripe price stands for, from STRIPE_PRICES (a portal plan switch changes the price). */
function planForPrice(prices: StripePrices, priceId: string | undefined) {
  if (!priceId) return undefined;
  for (const [planId, byInterval] of Object.entries(prices)) {
    for (const [interval, id] of Object.entries(byInterval)) {
      if (id === priceId) return { planId, interval: interval as BillingInterval };
    }
  }
  return undefined;
}

async function applyCheckoutCompleted(
  deps: StripeWebhookDeps,
  tx: Db,
  session: Stripe.Checkout.Session,
  subscription: Stripe.Subscription | undefined,
  at: Date,
) {
  const customerId = idOf(session.customer);
  const tenantUuid = session.metadata?.tenant_uuid ?? session.client_reference_id;
  const tenantId = await resolveTenant(tx, { tenantUuid, customerId });
  if (tenantId && customerId) await recordStripeCustomer(tx, tenantId, customerId);
  return subscription && applySubscription(deps, tx, subscription, 'updated', at, tenantUuid);
}

/** True when the stored row already holds a state at least as new as this event's. */
function isStale(
  stored: repo.SubscriptionRow,
  subscriptionId: string,
  incoming: SubscriptionStatus,
  kind: SubscriptionEventKind,
  at: Date,
) {
  if (stored.providerSubscriptionId === subscriptionId) {
    if (stored.status === 'canceled') return true; // Stripe never revives a canceled subscription.
    if (kind === 'deleted' || !stored.providerUpdatedAt) return false;
    // Stripe's times are whole seconds: a `created` in the same second as a stored state is the older of the two.
    return at < stored.providerUpdatedAt || (kind === 'created' && at <= stored.providerUpdatedAt);
  }
  // Another subscription of the same team (two billable ones are settled by keepOne): an old one ending never
  // replaces the one still billed.
  if (repo.isBillable(stored.status)) return true;
  if (repo.isBillable(incoming)) return false;
  return stored.providerUpdatedAt !== null && at < stored.providerUpdatedAt;
}

/**
 * Two subscriptions Stripe can bill for one team: two checkouts opened before either was paid, both paid. The
 * team keeps one and the other is cancelled at Stripe. The one already stored (the first reported) is kept:
 * it is the one the team's page, the portal, its invoices and deleting the team already follow (and the team may
 * have changed it in the portal since); the newcomer was never shown to anyone, so cancelling it changes nothing the
 * team relies on. Only a stored one still `incomplete`, whose first payment never went through, gives way to one
 * that is paid: otherwise the team would keep the unpaid one and lose the paid one.
 * Answers which to cancel, and whether the newcomer replaces the stored one.
 */
function keepOne(stored: repo.SubscriptionRow, incomingId: string, incoming: SubscriptionStatus) {
  if (stored.status === 'incomplete' && repo.isLive(incoming) && stored.providerSubscriptionId) {
    return { cancel: stored.providerSubscriptionId, replace: true };
  }
  return { cancel: incomingId, replace: false };
}

/** Applies a subscription's state; answers what to ask of Stripe, if anything. */
async function applySubscription(
  deps: StripeWebhookDeps,
  tx: Db,
  subscription: Stripe.Subscription,
  kind: SubscriptionEventKind,
  at: Date,
  sessionTenantUuid?: string | null,
): Promise<StripeAction | undefined> {
  const customerId = idOf(subscription.customer);
  const tenantUuid = subscription.metadata?.tenant_uuid ?? sessionTenantUuid;
  const status: SubscriptionStatus =
    kind === 'deleted' ? 'canceled' : (STATUS[subscription.status] ?? 'inactive');
  const tenantId = await resolveTenant(tx, { tenantUuid, subscriptionId: subscription.id, customerId });
  if (!tenantId) {
    // Made by this app for a team that no longer exists (deleted, perhaps while its checkout was being paid):
    // nobody can use or end it, so it is cancelled rather than left billing. A subscription without the app's
    // metadata is left alone: the Stripe account may bill other things too.
    if (isUuid(tenantUuid) && repo.isBillable(status)) {
      deps.log.warn({ subscription: subscription.id }, 'Stripe subscription of a deleted team: cancelled');
      return { do: 'cancel', subscriptionId: subscription.id };
    }
    deps.log.warn({ subscription: subscription.id }, 'Stripe subscription of no known team: ignored');
    return undefined;
  }

  const item = subscription.items?.data?.[0];
  const byPrice = planForPrice(deps.prices, item?.price?.id);
  const planId = byPrice?.planId ?? subscription.metadata?.plan_id;
  const plan = planId ? await repo.findPlan(tx, planId) : undefined;
  if (!planId || !plan) {
    deps.log.warn(
      { subscription: subscription.id, price: item?.price?.id },
      'Stripe subscription of no known plan: ignored',
    );
    return undefined;
  }
  // Since API version 2025-03-31 the period lives on the subscription item; older payloads carry it on the root.
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? subscription.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? start;
  const interval: BillingInterval =
    byPrice?.interval ?? (item?.price?.recurring?.interval === 'year' ? 'annual' : 'monthly');
  const state: repo.NewSubscription = {
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    providerCustomerId: customerId ?? null,
    planId,
    interval,
    status,
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(end * 1000),
    // The portal may cancel with a date (cancel_at) rather than the flag; both end the subscription.
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end || (subscription.cancel_at !== null && status !== 'canceled'),
    billingCycleAnchor: null,
    creditBalance: 0,
    providerUpdatedAt: at,
    // Stripe keeps trial_end after the trial; the app shows it only while the subscription is trialing.
    trialEndsAt: status === 'trialing' ? fromSeconds(subscription.trial_end) : null,
    unitAmount: item?.price?.unit_amount ?? priceOf(plan, interval),
  };

  await repo.lockTeamBilling(tx, tenantId);
  // The quantity is the team's (its seats on a per-seat plan), whatever Stripe reports: one it reports otherwise is
  // put back below.
  state.quantity = await quantityFor(tx, tenantId, plan);
  const stored = await repo.findSubscription(tx, tenantId);
  let unwanted: StripeAction | undefined;
  if (
    stored &&
    stored.providerSubscriptionId !== subscription.id &&
    repo.isBillable(stored.status) &&
    repo.isBillable(status)
  ) {
    const { cancel, replace } = keepOne(stored, subscription.id, status);
    deps.log.warn(
      {
        tenant: tenantId,
        kept: replace ? subscription.id : stored.providerSubscriptionId,
        cancelled: cancel,
      },
      'A second billable Stripe subscription for one team: cancelled',
    );
    if (!replace) return { do: 'cancel', subscriptionId: cancel };
    unwanted = { do: 'cancel', subscriptionId: cancel };
  } else if (stored && isStale(stored, subscription.id, status, kind, at)) {
    return undefined;
  } else if (status === 'trialing' && stored && stored.providerSubscriptionId !== subscription.id) {
    // One trial per team (docs/contract.md section 4): the team had a subscription before this one, whose checkout,
    // opened before that one was recorded, asked Stripe for a trial. Decided here, under the team's billing lock,
    // whatever order checkouts complete in. The trial ends and Stripe bills it now; nothing is stored until Stripe
    // reports it so, so a redelivery decides the same.
    deps.log.warn({ tenant: tenantId, subscription: subscription.id }, 'A second trial for one team: ended');
    return { do: 'end trial', subscriptionId: subscription.id };
  }
  const row =
    stored?.providerSubscriptionId === subscription.id
      ? await repo.updateSubscription(tx, tenantId, state)
      : await repo.saveSubscription(tx, tenantId, state);
  // A new period alone is no change the team would look for in its log.
  if (
    stored?.planId !== row.planId ||
    stored.status !== row.status ||
    stored.cancelAtPeriodEnd !== row.cancelAtPeriodEnd
  ) {
    await recordSubscriptionChange(tx, tenantId, null, row);
  }
  if (customerId) await recordStripeCustomer(tx, tenantId, customerId);
  if (repo.isBillable(row.status) && typeof item?.quantity === 'number' && item.quantity !== row.quantity) {
    await setStripeQuantity(tx, row, row.quantity, deps.clock.now());
  }
  return unwanted;
}

async function applyInvoice(
  deps: StripeWebhookDeps,
  tx: Db,
  invoice: Stripe.Invoice,
  lines: Stripe.InvoiceLineItem[],
  outcome: 'paid' | 'failed',
  at: Date,
) {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  const tenantId = await resolveTenant(tx, {
    tenantUuid: details?.metadata?.tenant_uuid,
    subscriptionId,
    customerId: idOf(invoice.customer),
  });
  if (!tenantId) {
    deps.log.warn({ invoice: invoice.id }, 'Stripe invoice of no known team: ignored');
    return;
  }
  // The team's billing lock before anything of it is written: the one order every billing change takes.
  await repo.lockTeamBilling(tx, tenantId);

  // The plan and period are the subscription's own line's, not a proration's (a seat change makes those).
  const line = lines.find((candidate) => !candidate.parent?.subscription_item_details?.proration) ?? lines[0];
  const byPrice = planForPrice(deps.prices, idOf(line?.pricing?.price_details?.price));
  const planId = byPrice && (await repo.findPlan(tx, byPrice.planId)) ? byPrice.planId : null;
  const stored = await events.findInvoiceByProviderId(tx, invoice.id);
  // A late failure report never undoes a payment.
  if (!(stored?.status === 'paid' && outcome === 'failed')) {
    const invoiceId = await events.saveStripeInvoice(tx, {
      tenantId,
      number: invoice.number ?? invoice.id,
      amount: outcome === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: outcome,
      dueDate:
        fromSeconds(invoice.due_date) ??
        (outcome === 'paid' ? fromSeconds(invoice.status_transitions?.paid_at) : null),
      planId,
      interval: byPrice?.interval ?? null,
      periodStart: fromSeconds(line?.period?.start),
      periodEnd: fromSeconds(line?.period?.end),
      providerInvoiceId: invoice.id,
      providerPdfUrl: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null,
      createdAt: new Date(invoice.created * 1000),
    });

    await repo.replaceInvoiceLines(
      tx,
      tenantId,
      invoiceId,
      lines.map(toLine),
      new Date(invoice.created * 1000),
    );
  }

  // The subscription follows its invoices: a failed payment makes it past due, a later payment active again.
  const subscription = await repo.findSubscription(tx, tenantId);
  if (
    !subscription ||
    !subscriptionId ||
    subscription.providerSubscriptionId !== subscriptionId ||
    (subscription.providerUpdatedAt && at < subscription.providerUpdatedAt)
  ) {
    return;
  }
  const next =
    outcome === 'failed' && ['active', 'trialing'].includes(subscription.status)
      ? 'past_due'
      : outcome === 'paid' && ['past_due', 'unpaid', 'incomplete'].includes(subscription.status)
        ? 'active'
        : undefined;
  if (next) {
    const row = await repo.updateSubscription(tx, tenantId, { status: next, providerUpdatedAt: at });
    await recordSubscriptionChange(tx, tenantId, null, row);
  }
}
