import { TenantUsageSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { routeScope } from '../../plugins/route-scope.ts';
import { getUsage } from './usage.service.ts';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Tenants'] });

  app.get('/tenant/usage', { schema: { response: { 200: TenantUsageSchema } } }, (request) =>
    getUsage(app.database.db, request.tenantCtx, app.clock.now()),
  );
};
