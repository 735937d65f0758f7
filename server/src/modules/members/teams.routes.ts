import {
  CreateTenantBodySchema,
  MessageSchema,
  TenantSchema,
  TransferOwnershipBodySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { routeScope } from '../../plugins/route-scope.ts';
import * as teams from './teams.service.ts';

const tags = ['Tenants'];

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const create: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    scope.post(
      '/tenants',
      { schema: { body: CreateTenantBodySchema, response: { 201: TenantSchema } } },
      async (request, reply) =>
        reply.status(201).send(await teams.createTeam(db, request.user.uuid, request.body)),
    );
  };

  const handOver: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    scope.post(
      '/tenant/transfer-ownership',
      {
        schema: { body: TransferOwnershipBodySchema, response: { 200: MessageSchema } },
      },
      async (request) => ({
        message: await teams.transferOwnership(db, request.tenantCtx, request.body.user_uuid),
      }),
    );
  };

  await app.register(create);
  await app.register(handOver);
};
