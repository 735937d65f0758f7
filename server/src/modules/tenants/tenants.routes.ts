import {
  CreateTenantBodySchema,
  MessageSchema,
  PageQuerySchema,
  TenantSchema,
  TenantUsageSchema,
  TransferOwnershipBodySchema,
  UpdateTenantBodySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import { refuseImpersonation } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/tenant.ts';
import { endBillingForDeletedTeam } from '../billing/billing.service.ts';
import * as tenants from './tenants.service.ts';

const tags = ['Tenants'];

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // The caller's teams: signed in, no team chosen yet.
  const callersTeams: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { access: 'user', tags });

    scope.get(
      '/tenants',
      { schema: { querystring: PageQuerySchema, response: { 200: z.array(TenantSchema) } } },
      async (request, reply) =>
        sendPage(reply, await tenants.listTenants(db, request.user.uuid, request.query)),
    );

    scope.post(
      '/tenants',
      { schema: { body: CreateTenantBodySchema, response: { 201: TenantSchema } } },
      async (request, reply) =>
        reply.status(201).send(await tenants.createTenant(db, request.user.uuid, request.body)),
    );
  };

  // The team in X-TENANT-UUID.
  const chosenTeam: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { access: 'tenant', tags });

    scope.get('/tenant', { schema: { response: { 200: TenantSchema } } }, (request) =>
      tenants.getTenant(db, request.tenantCtx),
    );

    scope.get('/tenant/usage', { schema: { response: { 200: TenantUsageSchema } } }, (request) =>
      tenants.getUsage(db, request.tenantCtx, app.clock.now()),
    );

    scope.put(
      '/tenant',
      {
        preHandler: requireRole('admin'),
        schema: { body: UpdateTenantBodySchema, response: { 200: TenantSchema } },
      },
      (request) => tenants.updateTenant(db, request.tenantCtx, request.body),
    );

    scope.delete(
      '/tenant',
      { preHandler: [requireRole('owner'), refuseImpersonation], schema: { response: { 204: z.null() } } },
      async (request, reply) => {
        await tenants.deleteTenant(db, request.tenantCtx, {
          endBilling: (tenantId) => endBillingForDeletedTeam(app.billing, tenantId),
        });
        return reply.status(204).send(null);
      },
    );

    scope.post(
      '/tenant/transfer-ownership',
      {
        preHandler: [requireRole('owner'), refuseImpersonation],
        schema: { body: TransferOwnershipBodySchema, response: { 200: MessageSchema } },
      },
      async (request) => ({
        message: await tenants.transferOwnership(db, request.tenantCtx, request.body.user_uuid),
      }),
    );
  };

  await app.register(callersTeams);
  await app.register(chosenTeam);
};
