import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as items from './items.service.ts';

export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Items'] });
  const db = app.database.db;

  route(app, 'listItems', async (request, reply) =>
    sendPage(reply, await items.listItems(db, request.caller, request.query)),
  );
  route(app, 'createItem', async (request, reply) =>
    reply.status(201).send(await items.createItem(db, request.caller, request.body)),
  );
  route(app, 'getItem', (request) => items.getItem(db, request.caller, request.params.id));
  route(app, 'updateItem', (request) =>
    items.updateItem(db, request.caller, request.params.id, request.body),
  );
  route(app, 'deleteItem', async (request, reply) => {
    await items.deleteItem(db, request.caller, request.params.id);
    return reply.status(204).send(null);
  });
};
