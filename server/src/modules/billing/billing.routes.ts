import {
  CheckoutBodySchema,
  InvoiceDownloadSchema,
  InvoiceParamsSchema,
  InvoiceSchema,
  PageQuerySchema,
  PlanSchema,
  RedirectUrlSchema,
  SubscriptionSchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/app-error.ts';
import { sendPage } from '../../lib/pagination.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import { localBillingRoutes } from './local/local-billing.routes.ts';
import * as billing from './billing.service.ts';
import { handleStripeWebhook } from './stripe/stripe-webhooks.service.ts';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.billing;
  const tags = ['Billing'];

  const plans: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });
    scope.get('/payments/plans', { schema: { response: { 200: z.array(PlanSchema) } } }, () =>
      billing.listPlans(deps.db),
    );
  };

  // The team in X-TENANT-UUID: its members read its billing, its admins change it.
  const teamBilling: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    scope.get('/payments/subscription', { schema: { response: { 200: SubscriptionSchema } } }, (request) =>
      billing.getSubscription(deps, request.tenantCtx),
    );

    scope.get(
      '/payments/invoices',
      { schema: { querystring: PageQuerySchema, response: { 200: z.array(InvoiceSchema) } } },
      async (request, reply) =>
        sendPage(reply, await billing.listInvoices(deps, request.tenantCtx, request.query)),
    );

    scope.get(
      '/payments/invoices/:id/download',
      { schema: { params: InvoiceParamsSchema, response: { 200: InvoiceDownloadSchema } } },
      (request) => billing.getInvoiceDownload(deps, request.tenantCtx, request.params.id),
    );

    scope.post(
      '/payments/checkout',
      {
        schema: { body: CheckoutBodySchema, response: { 200: RedirectUrlSchema } },
      },
      (request) => billing.startCheckout(deps, request.tenantCtx, request.body),
    );

    scope.post('/payments/portal', { schema: { response: { 200: RedirectUrlSchema } } }, (request) =>
      billing.openPortal(deps, request.tenantCtx),
    );
  };

  // No bearer token: the link's short-lived token is the authorization.
  const links: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    // Opened in a new tab, which sends no bearer header.
    scope.get(
      '/payments/invoices/:id/pdf',
      {
        schema: {
          description: 'The PDF of a local invoice, from the link that /download answers.',
          params: InvoiceParamsSchema,
          querystring: z.object({ token: z.string().max(2000).optional() }),
        },
      },
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
    );
  };

  // Stripe's signature is the authorization, over the exact bytes it sends: this scope keeps the body raw.
  const stripeWebhook: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/payments/webhook',
      {
        schema: {
          description: 'Stripe webhook endpoint, verified with the Stripe-Signature header.',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        if (!deps.stripeWebhooks) {
          throw new AppError('NOT_FOUND', 'Stripe webhooks are not enabled (PAYMENTS_PROVIDER=local)');
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await handleStripeWebhook(deps.stripeWebhooks, body, request.headers['stripe-signature']);
        return { received: true as const };
      },
    );
  };

  await app.register(plans);
  await app.register(teamBilling);
  await app.register(links);
  await app.register(stripeWebhook);
  if (deps.provider.name === 'local') await app.register(localBillingRoutes);
};
