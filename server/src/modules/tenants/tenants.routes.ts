import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as tenants from './tenants.service.ts';

const tags = ['Tenants'];

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  routeScope(app, { tags });

  route(app, 'listTenants', async (request, reply) =>
    sendPage(reply, await tenants.listTenants(db, request.user.uuid, request.query)),
  );

  route(app, 'getTenant', (request) => tenants.getTenant(db, request.tenantCtx));

  route(app, 'updateTenant', (request) => tenants.updateTenant(db, request.tenantCtx, request.body));

  route(app, 'deleteTenant', async (request, reply) => {
    await tenants.deleteTenant(db, request.tenantCtx, app.teamBilling);
    return reply.status(204).send(null);
  });
};
