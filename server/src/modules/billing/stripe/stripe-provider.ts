// Stripe through its official SDK: Checkout Sessions in subscription mode, the billing portal, and cancellation.
// The subscription and invoices themselves reach the database through webhooks (stripe-webhooks.service.ts).
import type { BillingInterval } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';

import { withTenantScope } from '../../../db/tenant-scope.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordStripeCustomer } from '../../tenants/tenants.service.ts';
import * as repo from '../billing.repository.ts';
import { toInvoiceLine } from '../invoice-lines.ts';
import { isProrated } from '../seats/quantity.ts';
import type { BillingProvider } from '../billing-provider.ts';

export type StripePrices = Record<string, Record<BillingInterval, string>>;

/** STRIPE_API_URL points the SDK elsewhere (a local stand-in in tests); unset keeps Stripe's own host. */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const url = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    ...(url && {
      host: url.hostname,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      protocol: url.protocol === 'http:' ? 'http' : 'https',
    }),
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Tessera' },
  });
}

/**
 * How long a Checkout Session stays payable. Stripe keeps one open for 24 hours unless told otherwise, and every
 * session opened before the first is paid could be paid too, each starting a subscription; a short life keeps that
 * window small (the webhooks cancel any second subscription that still gets through). Stripe's minimum is 30 minutes
 * from when it creates the session, by its clock: five more absorb clock skew and a retried request.
 */
const CHECKOUT_SESSION_LIFETIME_SECONDS = 35 * 60;

/** One of Stripe's invoice lines as the app keeps lines: the unit price is Stripe's decimal string of minor units. */
export function toLine(line: Stripe.InvoiceLineItem): repo.NewInvoiceLine {
  const quantity = line.quantity ?? 1;
  const unit = line.pricing?.unit_amount_decimal;
  return {
    description: line.description ?? '',
    quantity,
    unitAmount: unit ? Math.round(Number(unit)) : quantity === 0 ? 0 : Math.round(line.amount / quantity),
    amount: line.amount,
  };
}

/** Cancels a subscription at once. Idempotent: one already cancelled (Stripe answers resource_missing) is done. */
export async function cancelStripeSubscription(stripe: Stripe, id: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(id);
  } catch (error) {
    // Already cancelled or gone at Stripe: nothing left to bill.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
    throw error;
  }
}

/**
 * Ends a subscription's trial now, so that Stripe bills it at once. Harmless twice: Stripe refusing the change means the
 * subscription is no longer trialing (billing, cancelled or gone), which is done too. No key of the app's: Stripe keeps
 * the first answer to a key for a day, a failure included, so a redelivered event must ask afresh (the SDK keys its own
 * retries of one call).
 */
export async function endStripeTrial(stripe: Stripe, id: string): Promise<void> {
  try {
    await stripe.subscriptions.update(id, { trial_end: 'now' });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
    throw error;
  }
}

/** A Stripe call that failed: one clear 503 for the user, the webhook's handling included. */
export const providerUnavailable = () =>
  new AppError(
    'UNAVAILABLE',
    'The payment provider is unavailable. Please try again in a moment.',
    'unavailable',
    { reason: 'payment_provider' },
  );

/** Stripe failures become one clear 503 for the user; the cause goes to the log. */
async function callStripe<T>(log: FastifyBaseLogger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error({ err: error }, `Stripe call failed: ${what}`);
    throw providerUnavailable();
  }
}

export function createStripeProvider({
  stripe,
  prices,
  appUrl,
  log,
}: {
  stripe: Stripe;
  prices: StripePrices;
  appUrl: string;
  log: FastifyBaseLogger;
}): BillingProvider {
  return {
    name: 'stripe',
    async startCheckout(db, { tenant, plan, interval, trialDays, quantity }) {
      const price = prices[plan.id]?.[interval];
      if (!price) {
        throw new AppError(
          'BAD_REQUEST',
          `The ${plan.name} plan cannot be bought yet`,
          'plan_not_purchasable',
          { plan: plan.name },
        );
      }

      let customer = tenant.stripeCustomerId;
      if (!customer) {
        // One customer per team, ever: the idempotency key makes a concurrent or retried creation the same one.
        const created = await callStripe(log, 'create customer', () =>
          stripe.customers.create(
            { name: tenant.name, metadata: { tenant_uuid: tenant.uuid } },
            { idempotencyKey: `tessera-customer-${tenant.uuid}` },
          ),
        );
        customer = created.id;
        const id = customer;
        await withTenantScope(db, tenant.uuid, (tx) => recordStripeCustomer(tx, tenant.uuid, id));
      }

      const session = await callStripe(log, 'create checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: tenant.uuid,
          // A per-seat plan starts with the team's seats; the webhooks put the quantity right if it changed meanwhile.
          line_items: [{ price, quantity }],
          metadata: { tenant_uuid: tenant.uuid, plan_id: plan.id, billing_interval: interval },
          subscription_data: {
            metadata: { tenant_uuid: tenant.uuid, plan_id: plan.id },
            ...(trialDays > 0 && { trial_period_days: trialDays }),
          },
          // Stripe's clock, not the app's (which tests may move): the real time.
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_SESSION_LIFETIME_SECONDS,
          success_url: `${appUrl}/subscription?checkout=success`,
          cancel_url: `${appUrl}/subscription?checkout=canceled`,
        }),
      );
      if (!session.url)
        throw new AppError(
          'UNAVAILABLE',
          'The payment provider did not return a checkout page',
          'unavailable',
          { reason: 'no_checkout_page' },
        );
      return session.url;
    },

    async openPortal(tenant, subscription) {
      const customer = subscription.providerCustomerId ?? tenant.stripeCustomerId;
      if (!customer)
        throw new AppError(
          'NOT_FOUND',
          'No billing account found for this team',
          'billing_account_not_found',
        );
      const session = await callStripe(log, 'create portal session', () =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${appUrl}/subscription` }),
      );
      return session.url;
    },

    async endBilling(tenant, liveSubscription) {
      const customer = liveSubscription?.providerCustomerId ?? tenant.stripeCustomerId;
      try {
        // A checkout left open in another tab would otherwise start a subscription after the team is gone.
        if (customer) {
          const open = await stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 });
          for (const session of open.data) await stripe.checkout.sessions.expire(session.id);
        }
        const id = liveSubscription?.providerSubscriptionId;
        if (id) await cancelStripeSubscription(stripe, id);
      } catch (error) {
        log.error({ err: error, tenant: tenant.uuid }, 'Stripe call failed: end billing of a deleted team');
        throw new AppError(
          'UNAVAILABLE',
          'The subscription could not be cancelled with the payment provider, so the team was not deleted. Please try again in a moment.',
          'unavailable',
          { reason: 'cancel_failed' },
        );
      }
    },

    async invoiceDownloadUrl(invoice) {
      if (invoice.providerPdfUrl) return invoice.providerPdfUrl;
      const id = invoice.providerInvoiceId;
      if (!id) throw new AppError('NOT_FOUND', 'This invoice has no PDF yet', 'invoice_pdf_missing');
      const remote = await callStripe(log, 'retrieve invoice', () => stripe.invoices.retrieve(id));
      const url = remote.invoice_pdf ?? remote.hosted_invoice_url;
      if (!url) throw new AppError('NOT_FOUND', 'This invoice has no PDF yet', 'invoice_pdf_missing');
      return url;
    },

    async upcomingInvoice(_db, subscription) {
      if (!repo.isLive(subscription.status) || subscription.cancelAtPeriodEnd) return null;
      const preview = await callStripe(log, 'preview the next invoice', () =>
        stripe.invoices.createPreview({
          customer: subscription.providerCustomerId ?? undefined,
          subscription: subscription.providerSubscriptionId ?? undefined,
        }),
      );
      const lines = preview.lines.data.map((line) => toInvoiceLine(toLine(line)));
      // The next period is the line that runs last; prorations cover the time left of the current one.
      const period = preview.lines.data.reduce(
        (latest, line) => (line.period.end > latest.end ? line.period : latest),
        { start: preview.period_start, end: preview.period_end },
      );
      return {
        period_start: new Date(period.start * 1000).toISOString(),
        period_end: new Date(period.end * 1000).toISOString(),
        currency: preview.currency,
        amount: preview.amount_due,
        lines,
      };
    },

    async setQuantity(subscription, attempt) {
      const id = subscription.providerSubscriptionId;
      if (!id) return;
      // Read first: the item whose quantity is the seats (a plan switch in the portal replaces it), and whether there is
      // still anything to tell.
      const remote = await stripe.subscriptions.retrieve(id);
      const item = remote.items.data[0];
      if (['canceled', 'incomplete_expired'].includes(remote.status) || !item) return;
      if (item.quantity === subscription.quantity) return;
      const prorations = isProrated(subscription) ? 'create_prorations' : 'none';
      await stripe.subscriptions.update(
        id,
        { items: [{ id: item.id, quantity: subscription.quantity }], proration_behavior: prorations },
        // The SDK's own retries of this request are answered as the first; Stripe keeps an error under its key too,
        // so the worker's next attempt, and any later change, has a key of its own. An absolute quantity sent twice
        // bills once.
        {
          idempotencyKey: `tessera-seats-${id}-${subscription.seatVersion}-${subscription.quantity}-${attempt}`,
        },
      );
    },

    // Stripe renews and ends its subscriptions itself, and its webhooks bring the rows up to date: nothing is due here.
    isDue: () => false,
    settle: (tx, tenantId) => repo.findSubscription(tx, tenantId),
  };
}
