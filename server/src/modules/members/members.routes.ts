import { ChangeRoleBodySchema, MemberSchema, PageQuerySchema, RemoveMemberBodySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as members from './members.service.ts';

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Members'] });
  const db = app.database.db;

  app.get(
    '/members',
    { schema: { querystring: PageQuerySchema, response: { 200: z.array(MemberSchema) } } },
    async (request, reply) =>
      sendPage(reply, await members.listMembers(db, request.tenantCtx, request.query)),
  );

  app.delete(
    '/members',
    {
      schema: { body: RemoveMemberBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await members.removeMember(db, request.tenantCtx, request.body.user_uuid);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/members/role',
    {
      schema: { body: ChangeRoleBodySchema, response: { 200: MemberSchema } },
    },
    (request) => members.changeRole(db, request.tenantCtx, request.body.user_uuid, request.body.new_role),
  );
};
