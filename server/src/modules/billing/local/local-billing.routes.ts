// The API of the local provider's own pages (contract/src/billing.ts): /billing/checkout/{id} and /billing/portal.
// Mounted only when PAYMENTS_PROVIDER=local.
import {
  ChangePlanBodySchema,
  LocalCheckoutSessionSchema,
  LocalPaymentBodySchema,
  SubscriptionSchema,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { routeScope } from '../../../plugins/route-scope.ts';
import * as local from './local-billing.service.ts';

const tags = ['Billing (test mode)'];
const SessionParamsSchema = z.object({ session_id: z.string().max(100) });

export const localBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.billing;

  // The checkout page names no team header: the session does, and the caller must be its admin or owner.
  const caller = ({ user }: FastifyRequest): local.CheckoutCaller => ({
    userId: user.uuid,
    roleIn: async (tenantId) => {
      const access = await app.findTenantAccess(tenantId, user.uuid, user.sessionId);
      return access.sessionOpen ? access.role : null;
    },
  });
  const checkout: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    scope.get(
      '/payments/local/checkout/:session_id',
      { schema: { params: SessionParamsSchema, response: { 200: LocalCheckoutSessionSchema } } },
      (request) => local.getCheckoutSession(deps, caller(request), request.params.session_id),
    );

    scope.post(
      '/payments/local/checkout/:session_id/pay',
      {
        schema: {
          params: SessionParamsSchema,
          body: LocalPaymentBodySchema,
          response: { 200: SubscriptionSchema },
        },
      },
      (request) => local.payCheckoutSession(deps, caller(request), request.params.session_id, request.body),
    );
  };

  // The portal acts on the team in X-TENANT-UUID, for its admins.
  const portal: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    scope.post(
      '/payments/local/portal/change-plan',
      { schema: { body: ChangePlanBodySchema, response: { 200: SubscriptionSchema } } },
      (request) => local.changePlan(deps, request.tenantCtx, request.body),
    );

    scope.post(
      '/payments/local/portal/cancel',
      { schema: { response: { 200: SubscriptionSchema } } },
      (request) => local.cancelAtPeriodEnd(deps, request.tenantCtx),
    );

    scope.post(
      '/payments/local/portal/resume',
      { schema: { response: { 200: SubscriptionSchema } } },
      (request) => local.resume(deps, request.tenantCtx),
    );
  };

  await app.register(checkout);
  await app.register(portal);
};
