import {
  CreateItemBodySchema,
  ItemParamsSchema,
  ItemSchema,
  PageQuerySchema,
  UpdateItemBodySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as items from './items.service.ts';

export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Items'] });
  const db = app.database.db;

  app.get(
    '/items/',
    { schema: { querystring: PageQuerySchema, response: { 200: z.array(ItemSchema) } } },
    async (request, reply) => sendPage(reply, await items.listItems(db, request.tenantCtx, request.query)),
  );

  app.post(
    '/items/',
    { schema: { body: CreateItemBodySchema, response: { 201: ItemSchema } } },
    async (request, reply) =>
      reply.status(201).send(await items.createItem(db, request.tenantCtx, request.body)),
  );

  app.get('/items/:id', { schema: { params: ItemParamsSchema, response: { 200: ItemSchema } } }, (request) =>
    items.getItem(db, request.tenantCtx, request.params.id),
  );

  app.patch(
    '/items/:id',
    { schema: { params: ItemParamsSchema, body: UpdateItemBodySchema, response: { 200: ItemSchema } } },
    (request) => items.updateItem(db, request.tenantCtx, request.params.id, request.body),
  );

  app.delete(
    '/items/:id',
    { schema: { params: ItemParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await items.deleteItem(db, request.tenantCtx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
