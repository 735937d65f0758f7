import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AppError } from '../../lib/app-error.ts';
import { sendPage } from '../../lib/pagination.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import { localBillingRoutes } from './local/local-billing.routes.ts';
import * as billing from './billing.service.ts';
import { handleStripeWebhook } from './stripe/stripe-webhooks.service.ts';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.billing;
  const tags = ['Billing'];
  routeScope(app, { tags });

  route(app, 'listPlans', () => billing.listPlans(deps.db));

  route(app, 'getSubscription', (request) => billing.getSubscription(deps, request.caller));

  route(app, 'listInvoices', async (request, reply) =>
    sendPage(reply, await billing.listInvoices(deps, request.caller, request.query)),
  );

  route(app, 'getUpcomingInvoice', (request) => billing.getUpcomingInvoice(deps, request.caller));

  route(app, 'getInvoiceDownloadLink', (request) =>
    billing.getInvoiceDownload(deps, request.caller, request.params.id),
  );

  route(app, 'createCheckout', (request) => billing.startCheckout(deps, request.caller, request.body));

  route(app, 'createPortal', (request) => billing.openPortal(deps, request.caller));

  // Opened in a new tab, which sends no bearer header.
  route(
    app,
    'downloadSignedInvoice',
    async (request, reply) => {
      const { filename, pdf } = await billing.getInvoicePdf(
        deps,
        request.params.id,
        request.query.token ?? '',
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
    { schema: { description: 'The PDF of a local invoice, from the link that /download answers.' } },
  );

  // Stripe's signature is the authorization, over the exact bytes it sends: this scope keeps the body raw.
  const stripeWebhook: FastifyPluginAsyncZod = async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    route(
      scope,
      'stripeWebhook',
      async (request) => {
        if (!deps.stripeWebhooks) {
          throw new AppError(
            'NOT_FOUND',
            'Stripe webhooks are not enabled (PAYMENTS_PROVIDER=local)',
            'stripe_webhooks_disabled',
          );
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await handleStripeWebhook(deps.stripeWebhooks, body, request.headers['stripe-signature']);
        return { received: true as const };
      },
      { schema: { description: 'Stripe webhook endpoint, verified with the Stripe-Signature header.' } },
    );
  };

  await app.register(stripeWebhook);
  if (deps.provider.name === 'local') await app.register(localBillingRoutes);
};
