import {
  CreateItemBodySchema,
  ErrorBodySchema,
  ItemParamsSchema,
  ItemSchema,
  PageQuerySchema,
  UpdateItemBodySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import * as items from './items.service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
};
const security = [{ bearerAuth: [] }];
const tags = ['Items'];

export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const preHandler = requireTenant;

  app.get(
    '/items/',
    {
      preHandler,
      schema: {
        tags,
        security,
        querystring: PageQuerySchema,
        response: { 200: z.array(ItemSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await items.listItems(db, request.tenantCtx, request.query)),
  );

  app.post(
    '/items/',
    {
      preHandler,
      schema: { tags, security, body: CreateItemBodySchema, response: { 201: ItemSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await items.createItem(db, request.tenantCtx, request.body)),
  );

  app.get(
    '/items/:id',
    {
      preHandler,
      schema: { tags, security, params: ItemParamsSchema, response: { 200: ItemSchema, ...errors } },
    },
    (request) => items.getItem(db, request.tenantCtx, request.params.id),
  );

  app.patch(
    '/items/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        params: ItemParamsSchema,
        body: UpdateItemBodySchema,
        response: { 200: ItemSchema, ...errors },
      },
    },
    (request) => items.updateItem(db, request.tenantCtx, request.params.id, request.body),
  );

  app.delete(
    '/items/:id',
    {
      preHandler,
      schema: { tags, security, params: ItemParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await items.deleteItem(db, request.tenantCtx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
