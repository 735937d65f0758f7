import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as tenants from './tenants.service.ts';

const tags = ['Tenants'];

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // The caller's teams: signed in, no team chosen yet.
  const callersTeams: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    route(scope, 'listTenants', async (request, reply) =>
      sendPage(reply, await tenants.listTenants(db, request.user.uuid, request.query)),
    );
  };

  // The team in X-TENANT-UUID.
  const chosenTeam: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    route(scope, 'getTenant', (request) => tenants.getTenant(db, request.tenantCtx));

    route(scope, 'updateTenant', (request) => tenants.updateTenant(db, request.tenantCtx, request.body));

    route(scope, 'deleteTenant', async (request, reply) => {
      await tenants.deleteTenant(db, request.tenantCtx, app.teamBilling);
      return reply.status(204).send(null);
    });
  };

  await app.register(callersTeams);
  await app.register(chosenTeam);
};
