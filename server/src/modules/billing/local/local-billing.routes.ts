// The API of the local provider's own pages (contract/src/billing.ts): /billing/checkout/{id} and /billing/portal.
// Mounted only when PAYMENTS_PROVIDER=local.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../../plugins/route-scope.ts';
import * as local from './local-billing.service.ts';

const tags = ['Billing (test mode)'];

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

    route(scope, 'getLocalCheckout', (request) =>
      local.getCheckoutSession(deps, caller(request), request.params.session_id),
    );

    route(scope, 'payLocalCheckout', (request) =>
      local.payCheckoutSession(deps, caller(request), request.params.session_id, request.body),
    );
  };

  // The portal acts on the team in X-TENANT-UUID, for its admins.
  const portal: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    route(scope, 'changeLocalPlan', (request) => local.changePlan(deps, request.tenantCtx, request.body));

    route(scope, 'cancelLocalSubscription', (request) => local.cancelAtPeriodEnd(deps, request.tenantCtx));

    route(scope, 'resumeLocalSubscription', (request) => local.resume(deps, request.tenantCtx));
  };

  await app.register(checkout);
  await app.register(portal);
};
