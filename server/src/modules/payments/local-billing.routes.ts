// The API of the local provider's own pages (contract/src/payments.ts): /billing/checkout/{id} and /billing/portal.
// Mounted only when PAYMENTS_PROVIDER=local.
import {
  ChangePlanBodySchema,
  ErrorBodySchema,
  LocalCheckoutSessionSchema,
  LocalPaymentBodySchema,
  SubscriptionSchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireUser } from '../../plugins/auth.ts';
import { requireRole, requireTenant } from '../../plugins/tenant.ts';
import * as local from './local-billing.service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  402: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
};
const security = [{ bearerAuth: [] }];
const tags = ['Payments (test mode)'];
const SessionParamsSchema = z.object({ session_id: z.string().max(100) });

export const localBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.payments;
  const asAdmin = [requireTenant, requireRole('admin')];

  // The checkout page names no team header: the session does, and the caller must be its admin or owner.
  app.get(
    '/payments/local/checkout/:session_id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        params: SessionParamsSchema,
        response: { 200: LocalCheckoutSessionSchema, ...errors },
      },
    },
    (request) => local.getCheckoutSession(deps, request.user.uuid, request.params.session_id),
  );

  app.post(
    '/payments/local/checkout/:session_id/pay',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        params: SessionParamsSchema,
        body: LocalPaymentBodySchema,
        response: { 200: SubscriptionSchema, ...errors },
      },
    },
    (request) => local.payCheckoutSession(deps, request.user.uuid, request.params.session_id, request.body),
  );

  app.post(
    '/payments/local/portal/change-plan',
    {
      preHandler: asAdmin,
      schema: {
        tags,
        security,
        body: ChangePlanBodySchema,
        response: { 200: SubscriptionSchema, ...errors },
      },
    },
    (request) => local.changePlan(deps, request.tenantCtx, request.body),
  );

  app.post(
    '/payments/local/portal/cancel',
    {
      preHandler: asAdmin,
      schema: { tags, security, response: { 200: SubscriptionSchema, ...errors } },
    },
    (request) => local.cancelAtPeriodEnd(deps, request.tenantCtx),
  );

  app.post(
    '/payments/local/portal/resume',
    {
      preHandler: asAdmin,
      schema: { tags, security, response: { 200: SubscriptionSchema, ...errors } },
    },
    (request) => local.resume(deps, request.tenantCtx),
  );
};
