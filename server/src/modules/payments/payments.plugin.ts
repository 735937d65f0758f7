// Billing for the app: the provider chosen by PAYMENTS_PROVIDER (app.payments), Stripe's webhook settings when
// Stripe is configured, and the renewal job of local subscriptions while the app is ready.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { createRenewalJob, type RenewalJob } from '../../jobs/subscription-renewals.ts';
import { createInvoiceLinks } from './invoice-links.ts';
import type { PaymentsDeps } from './payments.service.ts';
import { createLocalProvider } from './providers/local-provider.ts';
import { createStripeClient, createStripeProvider } from './providers/stripe-provider.ts';
import type { StripeWebhookDeps } from './stripe-webhooks.service.ts';

export type Payments = PaymentsDeps & {
  /** Null unless Stripe is configured with a webhook secret. */
  stripeWebhooks: StripeWebhookDeps | null;
  renewals: RenewalJob;
};

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database, clock, log } = app;
    const invoiceLinks = createInvoiceLinks({ secret: config.jwtSecret, clock });
    const providers: PaymentsDeps['providers'] = { local: createLocalProvider({ clock, invoiceLinks }) };
    let stripeWebhooks: StripeWebhookDeps | null = null;

    const { stripeSecretKey, stripeWebhookSecret, stripeApiUrl, stripePrices } = config.payments;
    if (stripeSecretKey) {
      const stripe = createStripeClient(stripeSecretKey, stripeApiUrl);
      providers.stripe = createStripeProvider({ stripe, prices: stripePrices, appUrl: config.appUrl, log });
      if (stripeWebhookSecret) {
        stripeWebhooks = {
          db: database.db,
          stripe,
          webhookSecret: stripeWebhookSecret,
          prices: stripePrices,
          log,
        };
      }
    }

    const deps: PaymentsDeps = {
      db: database.db,
      clock,
      // config.ts requires the Stripe settings when PAYMENTS_PROVIDER=stripe.
      provider: providers[config.payments.provider]!,
      providers,
      invoiceLinks,
    };
    const renewals = createRenewalJob({ deps, log });
    app.decorate('payments', { ...deps, stripeWebhooks, renewals });
    app.addHook('onReady', async () => renewals.start());
    // preClose, not onClose: the database may already be closing when onClose hooks run.
    app.addHook('preClose', () => renewals.stop());
  },
  { name: 'payments' },
);
