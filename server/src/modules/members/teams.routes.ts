import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../plugins/route-scope.ts';
import * as teams from './teams.service.ts';

const tags = ['Tenants'];

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  routeScope(app, { tags });

  route(app, 'createTenant', async (request, reply) =>
    reply.status(201).send(await teams.createTeam(db, request.caller, request.body)),
  );

  route(app, 'transferOwnership', async (request) => ({
    message: await teams.transferOwnership(db, request.caller, request.body.user_uuid),
  }));
};
