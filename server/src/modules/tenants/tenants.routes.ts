import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as tenants from './tenants.service.ts';

const tags = ['Tenants'];

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  routeScope(app, { tags });

  route(app, 'listTenants', async (request, reply) =>
    sendPage(reply, await tenants.listTenants(db, request.caller, request.query)),
  );

  // The rules as the team-rules guard read them: this route reports them, and is never refused by them.
  route(app, 'getTenant', async (request) => ({
    ...(await tenants.getTenant(db, request.caller)),
    security: request.teamRules!,
  }));

  route(app, 'updateTenant', (request) => tenants.updateTenant(db, request.caller, request.body));

  route(app, 'deleteTenant', async (request, reply) => {
    await tenants.deleteTenant(db, request.caller, app.teamBilling);
    return reply.status(204).send(null);
  });
};
