import {
  CheckoutBodySchema,
  ErrorBodySchema,
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
import { requireUser } from '../../plugins/auth.ts';
import { requireRole, requireTenant } from '../../plugins/tenant.ts';
import { localBillingRoutes } from './local-billing.routes.ts';
import * as payments from './payments.service.ts';
import { handleStripeWebhook } from './stripe-webhooks.service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
  503: ErrorBodySchema,
};
const security = [{ bearerAuth: [] }];
const tags = ['Payments'];

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.payments;
  const inTenant = [requireTenant];
  const asAdmin = [requireTenant, requireRole('admin')];

  app.get(
    '/payments/plans',
    {
      preHandler: requireUser,
      schema: { tags, security, response: { 200: z.array(PlanSchema), ...errors } },
    },
    () => payments.listPlans(deps.db),
  );

  app.get(
    '/payments/subscription',
    {
      preHandler: inTenant,
      schema: { tags, security, response: { 200: SubscriptionSchema, ...errors } },
    },
    (request) => payments.getSubscription(deps, request.tenantCtx),
  );

  app.get(
    '/payments/invoices',
    {
      preHandler: inTenant,
      schema: {
        tags,
        security,
        querystring: PageQuerySchema,
        response: { 200: z.array(InvoiceSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await payments.listInvoices(deps, request.tenantCtx, request.query)),
  );

  app.get(
    '/payments/invoices/:id/download',
    {
      preHandler: asAdmin,
      schema: {
        tags,
        security,
        params: InvoiceParamsSchema,
        response: { 200: InvoiceDownloadSchema, ...errors },
      },
    },
    (request) => payments.getInvoiceDownload(deps, request.tenantCtx, request.params.id),
  );

  // Opened in a new tab, which sends no bearer header: the short-lived token in the link is the authorization.
  app.get(
    '/payments/invoices/:id/pdf',
    {
      schema: {
        tags,
        description: 'The PDF of a local invoice, from the link that /download answers.',
        params: InvoiceParamsSchema,
        querystring: z.object({ token: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await payments.getInvoicePdf(
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

  app.post(
    '/payments/checkout',
    {
      preHandler: asAdmin,
      schema: { tags, security, body: CheckoutBodySchema, response: { 200: RedirectUrlSchema, ...errors } },
    },
    (request) => payments.startCheckout(deps, request.tenantCtx, request.body),
  );

  app.post(
    '/payments/portal',
    {
      preHandler: asAdmin,
      schema: { tags, security, response: { 200: RedirectUrlSchema, ...errors } },
    },
    (request) => payments.openPortal(deps, request.tenantCtx),
  );

  // Stripe signs the exact bytes it sends, so this one route keeps the body raw (its own content-type parser).
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/payments/webhook',
      {
        schema: {
          tags,
          description: 'Stripe webhook endpoint, verified with the Stripe-Signature header.',
          response: {
            200: z.object({ received: z.literal(true) }),
            400: ErrorBodySchema,
            503: ErrorBodySchema,
          },
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
  });

  if (deps.provider.name === 'local') await app.register(localBillingRoutes);
};
