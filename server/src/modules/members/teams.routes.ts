import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../plugins/route-scope.ts';
import * as teams from './teams.service.ts';

const tags = ['Tenants'];

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const create: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    route(scope, 'createTenant', async (request, reply) =>
      reply.status(201).send(await teams.createTeam(db, request.user.uuid, request.body)),
    );
  };

  const handOver: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    route(scope, 'transferOwnership', async (request) => ({
      message: await teams.transferOwnership(db, request.tenantCtx, request.body.user_uuid),
    }));
  };

  await app.register(create);
  await app.register(handOver);
};
