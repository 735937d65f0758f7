import {
  AuthResponseSchema,
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
import { requestClient } from '../../plugins/auth.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as superAdmin from './super-admin.service.ts';

export const superAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Super admin'] });
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

  // What operators do to accounts: suspend, restore, view the app as them (docs/contract.md section 4, Operators).
  const operator = (request: { user: { uuid: string } }) => ({ uuid: request.user.uuid });

  for (const [action, suspended] of [
    ['suspend', true],
    ['unsuspend', false],
  ] as const) {
    app.post(
      `/users/:uuid/${action}`,
      { schema: { params: AdminUserParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await superAdmin.setSuspension(app.auth, operator(request), request.params.uuid, suspended);
        return reply.status(204).send(null);
      },
    );
  }

  app.post(
    '/users/:uuid/impersonate',
    { schema: { params: AdminUserParamsSchema, response: { 200: AuthResponseSchema } } },
    (request) =>
      superAdmin.impersonate(app.auth, operator(request), request.params.uuid, requestClient(request)),
  );
};

/** The end of an operator's view as someone, called with that view's own token: /super-admin is closed to it. */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Super admin'] });

  app.post('/stop', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await superAdmin.stopImpersonation(app.auth, request.user);
    return reply.status(204).send(null);
  });
};
