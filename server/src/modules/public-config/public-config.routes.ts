import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../plugins/route-scope.ts';

/**
 * What the web app needs to know before anyone signs in: whether Google sign-in exists, the top bar's links,
 * and the payments provider (the local one gets the test-mode card before checkout).
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Config'] });
  const { google, docsUrl, codebaseUrl, payments } = app.config;
  const body = {
    google_client_id: google.clientId ?? null,
    docs_url: docsUrl,
    codebase_url: codebaseUrl,
    payments_provider: payments.provider,
  };
  route(app, 'getPublicConfig', () => body);
};
