// Billing for the app: the provider chosen by PAYMENTS_PROVIDER (app.billing), Stripe's webhook settings when
// Stripe is configured, the renewal job of local subscriptions and the seat worker while the app is ready.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { createRenewalJob, type RenewalJob } from './local/renewal-job.ts';
import { createSeatWorker, type SeatWorker } from './seats/seat-worker.ts';
import { createInvoiceLinks } from './invoice-links.ts';
import type { TeamBilling } from '../tenants/tenants.service.ts';
import { type BillingDeps, endBillingForDeletedTeam } from './billing.service.ts';
import { createLocalProvider } from './local/local-provider.ts';
import { createStripeClient, createStripeProvider } from './stripe/stripe-provider.ts';
import type { StripeWebhookDeps } from './stripe/stripe-webhooks.service.ts';

type Billing = BillingDeps & {
  /** Null unless Stripe is configured with a webhook secret. */
  stripeWebhooks: StripeWebhookDeps | null;
  renewals: RenewalJob;
  /** Tells a provider that bills elsewhere (Stripe) the seat changes queued beside them. */
  seats: SeatWorker;
};

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
    /** What deleting a team asks of billing (tenants.routes.ts). */
    teamBilling: TeamBilling;
  }
}

export const billingPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database, clock, log } = app;
    const invoiceLinks = createInvoiceLinks({ secret: config.jwtSecret, clock });
    const providers: BillingDeps['providers'] = { local: createLocalProvider({ clock, invoiceLinks }) };
    let stripeWebhooks: StripeWebhookDeps | null = null;

    const { stripeSecretKey, stripeWebhookSecret, stripeApiUrl, stripePrices } = config.payments;
    if (stripeSecretKey) {
      const stripe = createStripeClient(stripeSecretKey, stripeApiUrl);
      providers.stripe = createStripeProvider({ stripe, prices: stripePrices, appUrl: config.appUrl, log });
      if (stripeWebhookSecret) {
        stripeWebhooks = {
          db: database.db,
          clock,
          stripe,
          webhookSecret: stripeWebhookSecret,
          prices: stripePrices,
          log,
        };
      }
    }

    const deps: BillingDeps = {
      db: database.db,
      clock,
      trialDays: config.payments.trialDays,
      // config.ts requires the Stripe settings when PAYMENTS_PROVIDER=stripe.
      provider: providers[config.payments.provider]!,
      providers,
      invoiceLinks,
      planSeats: () => {
        throw new Error('The members module has not handed billing its count of seats (members.plugin.ts)');
      },
    };
    const renewals = createRenewalJob({
      deps,
      log,
      onRound: (outcome) => app.metrics.jobRuns.inc({ job: 'renewals', outcome }),
    });
    const seats = createSeatWorker({
      db: database.db,
      clock,
      providers,
      log,
      retryBaseMs: config.payments.retryBaseMs,
      onRound: (outcome) => app.metrics.jobRuns.inc({ job: 'seats', outcome }),
    });
    app.decorate('billing', { ...deps, stripeWebhooks, renewals, seats });
    app.decorate('teamBilling', { endBilling: (tenantId) => endBillingForDeletedTeam(deps, tenantId) });
    app.jobs.add(renewals);
    app.jobs.add(seats);
  },
  { name: 'billing', dependencies: ['jobs', 'metrics'] },
);
