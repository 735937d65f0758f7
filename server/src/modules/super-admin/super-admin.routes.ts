import {
  AdminFeedbackSchema,
  AdminMetricsSchema,
  AdminTenantDetailSchema,
  AdminTenantParamsSchema,
  AdminTenantSchema,
  AdminUserDetailSchema,
  AdminUserParamsSchema,
  AdminUserSchema,
  OperatorAuditEntrySchema,
  PageQuerySchema,
  SearchPageQuerySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as superAdmin from './super-admin.service.ts';

export const superAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { access: 'super-admin', tags: ['Super admin'] });
  const db = app.database.db;

  app.get(
    '/tenants',
    { schema: { querystring: SearchPageQuerySchema, response: { 200: z.array(AdminTenantSchema) } } },
    async (request, reply) => sendPage(reply, await superAdmin.listTenants(db, request.query)),
  );

  app.get(
    '/tenants/:id',
    { schema: { params: AdminTenantParamsSchema, response: { 200: AdminTenantDetailSchema } } },
    (request) => superAdmin.getTenant(db, request.params.id),
  );

  app.get(
    '/feedback',
    { schema: { querystring: SearchPageQuerySchema, response: { 200: z.array(AdminFeedbackSchema) } } },
    async (request, reply) => sendPage(reply, await superAdmin.listFeedback(db, request.query)),
  );
  app.get('/metrics', { schema: { response: { 200: AdminMetricsSchema } } }, () =>
    superAdmin.getMetrics(db, app.clock.now()),
  );

  app.get(
    '/users',
    { schema: { querystring: SearchPageQuerySchema, response: { 200: z.array(AdminUserSchema) } } },
    async (request, reply) => sendPage(reply, await superAdmin.listUsers(db, request.query)),
  );

  app.get(
    '/users/:uuid',
    { schema: { params: AdminUserParamsSchema, response: { 200: AdminUserDetailSchema } } },
    (request) => superAdmin.getUser(db, request.params.uuid, app.config.superAdminEmails),
  );

  app.get(
    '/audit',
    { schema: { querystring: PageQuerySchema, response: { 200: z.array(OperatorAuditEntrySchema) } } },
    async (request, reply) => sendPage(reply, await superAdmin.listAudit(db, request.query)),
  );
};
