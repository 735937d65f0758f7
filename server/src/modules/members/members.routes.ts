import {
  ChangeRoleBodySchema,
  ErrorBodySchema,
  MemberSchema,
  PageQuerySchema,
  RemoveMemberBodySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { requireRole, requireTenant } from '../../plugins/tenant.ts';
import * as members from './members.service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
};
const security = [{ bearerAuth: [] }];

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const asAdmin = [requireTenant, requireRole('admin')];

  app.get(
    '/members',
    {
      preHandler: requireTenant,
      schema: {
        tags: ['Members'],
        security,
        querystring: PageQuerySchema,
        response: { 200: z.array(MemberSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await members.listMembers(db, request.tenantCtx, request.query)),
  );

  app.delete(
    '/members',
    {
      preHandler: asAdmin,
      schema: {
        tags: ['Members'],
        security,
        body: RemoveMemberBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await members.removeMember(db, request.tenantCtx, request.body.user_uuid);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/members/role',
    {
      preHandler: asAdmin,
      schema: {
        tags: ['Members'],
        security,
        body: ChangeRoleBodySchema,
        response: { 200: MemberSchema, ...errors },
      },
    },
    (request) => members.changeRole(db, request.tenantCtx, request.body.user_uuid, request.body.new_role),
  );
};
