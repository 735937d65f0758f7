// The API of the local provider's own pages (contract/src/billing.ts): /billing/checkout/{id} and /billing/portal.
// Mounted only when PAYMENTS_PROVIDER=local.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../../plugins/route-scope.ts';
import * as local from './local-billing.service.ts';
import type { UserCaller } from '../../../lib/caller.ts';

const tags = ['Billing (test mode)'];

export const localBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.billing;

  // The checkout page names no team header: the session does, and the caller must be its admin or owner.
  const caller = ({ userId, sessionId }: UserCaller): local.CheckoutCaller => ({
    userId,
    roleIn: async (tenantId) => {
      const access = await app.findTenantAccess(tenantId, userId, sessionId);
      return access.sessionOpen ? access.role : null;
    },
  });
  routeScope(app, { tags });

  route(app, 'getLocalCheckout', (request) =>
    local.getCheckoutSession(deps, caller(request.caller), request.params.session_id),
  );

  route(app, 'payLocalCheckout', (request) =>
    local.payCheckoutSession(deps, caller(request.caller), request.params.session_id, request.body),
  );

  route(app, 'changeLocalPlan', (request) => local.changePlan(deps, request.caller, request.body));

  route(app, 'cancelLocalSubscription', (request) => local.cancelAtPeriodEnd(deps, request.caller));

  route(app, 'resumeLocalSubscription', (request) => local.resume(deps, request.caller));
};
