import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../plugins/route-scope.ts';
import * as apiKeys from './api-keys.service.ts';

export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['API keys'] });
  const db = app.database.db;

  route(app, 'createApiKey', async (request, reply) =>
    reply.status(201).send(await apiKeys.createApiKey(db, request.caller, request.body)),
  );
  route(app, 'listApiKeys', (request) => apiKeys.listApiKeys(db, request.caller));
  route(app, 'revokeApiKey', async (request, reply) => {
    await apiKeys.revokeApiKey(db, request.caller, request.params.id);
    return reply.status(204).send(null);
  });
};
