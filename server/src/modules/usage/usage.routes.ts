import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../plugins/route-scope.ts';
import { getUsage } from './usage.service.ts';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Tenants'] });

  route(app, 'getUsage', (request) => getUsage(app.database.db, request.caller, app.clock.now()));
};
