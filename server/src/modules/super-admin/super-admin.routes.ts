import {
  AdminFeedbackSchema,
  AdminTenantDetailSchema,
  AdminTenantParamsSchema,
  AdminTenantSchema,
  ErrorBodySchema,
  SearchPageQuerySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { requireSuperAdmin } from '../../plugins/auth.ts';
import * as superAdmin from './super-admin.service.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema };
const security = [{ bearerAuth: [] }];
const tags = ['Super admin'];

export const superAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('preHandler', requireSuperAdmin);

  app.get(
    '/tenants',
    {
      schema: {
        tags,
        security,
        querystring: SearchPageQuerySchema,
        response: { 200: z.array(AdminTenantSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await superAdmin.listTenants(db, request.query)),
  );

  app.get(
    '/tenants/:id',
    {
      schema: {
        tags,
        security,
        params: AdminTenantParamsSchema,
        response: { 200: AdminTenantDetailSchema, ...errors },
      },
    },
    (request) => superAdmin.getTenant(db, request.params.id),
  );

  app.get(
    '/feedback',
    {
      schema: {
        tags,
        security,
        querystring: SearchPageQuerySchema,
        response: { 200: z.array(AdminFeedbackSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await superAdmin.listFeedback(db, request.query)),
  );
};
