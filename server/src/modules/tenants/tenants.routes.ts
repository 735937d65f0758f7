import {
  CreateTenantBodySchema,
  ErrorBodySchema,
  MessageSchema,
  PageQuerySchema,
  TenantSchema,
  TransferOwnershipBodySchema,
  UpdateTenantBodySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { requireUser } from '../../plugins/auth.ts';
import { requireRole, requireTenant } from '../../plugins/tenant.ts';
import { endBillingForDeletedTeam } from '../payments/payments.service.ts';
import * as tenants from './tenants.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };
const security = [{ bearerAuth: [] }];

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const inTenant = [requireTenant];

  app.get(
    '/tenants',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Tenants'],
        security,
        querystring: PageQuerySchema,
        response: { 200: z.array(TenantSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await tenants.listTenants(db, request.user.uuid, request.query)),
  );

  app.post(
    '/tenants',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Tenants'],
        security,
        body: CreateTenantBodySchema,
        response: { 201: TenantSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tenants.createTenant(db, request.user.uuid, request.body)),
  );

  app.get(
    '/tenant',
    {
      preHandler: inTenant,
      schema: { tags: ['Tenants'], security, response: { 200: TenantSchema, ...errors } },
    },
    (request) => tenants.getTenant(db, request.tenantCtx),
  );

  app.put(
    '/tenant',
    {
      preHandler: [...inTenant, requireRole('admin')],
      schema: {
        tags: ['Tenants'],
        security,
        body: UpdateTenantBodySchema,
        response: { 200: TenantSchema, ...errors },
      },
    },
    (request) => tenants.updateTenant(db, request.tenantCtx, request.body),
  );

  app.delete(
    '/tenant',
    {
      preHandler: [...inTenant, requireRole('owner')],
      schema: { tags: ['Tenants'], security, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await tenants.deleteTenant(db, request.tenantCtx, {
        endBilling: (tenantId) => endBillingForDeletedTeam(app.payments, tenantId),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/tenant/transfer-ownership',
    {
      preHandler: [...inTenant, requireRole('owner')],
      schema: {
        tags: ['Tenants'],
        security,
        body: TransferOwnershipBodySchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => ({
      message: await tenants.transferOwnership(db, request.tenantCtx, request.body.user_uuid),
    }),
  );
};
