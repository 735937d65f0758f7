import { PageQuerySchema, TenantSchema, UpdateTenantBodySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as tenants from './tenants.service.ts';

const tags = ['Tenants'];

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // The caller's teams: signed in, no team chosen yet.
  const callersTeams: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    scope.get(
      '/tenants',
      { schema: { querystring: PageQuerySchema, response: { 200: z.array(TenantSchema) } } },
      async (request, reply) =>
        sendPage(reply, await tenants.listTenants(db, request.user.uuid, request.query)),
    );
  };

  // The team in X-TENANT-UUID.
  const chosenTeam: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    scope.get('/tenant', { schema: { response: { 200: TenantSchema } } }, (request) =>
      tenants.getTenant(db, request.tenantCtx),
    );

    scope.put(
      '/tenant',
      {
        schema: { body: UpdateTenantBodySchema, response: { 200: TenantSchema } },
      },
      (request) => tenants.updateTenant(db, request.tenantCtx, request.body),
    );

    scope.delete('/tenant', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
      await tenants.deleteTenant(db, request.tenantCtx, app.teamBilling);
      return reply.status(204).send(null);
    });
  };

  await app.register(callersTeams);
  await app.register(chosenTeam);
};
