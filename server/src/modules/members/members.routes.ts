import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as members from './members.service.ts';

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Members'] });
  const db = app.database.db;

  route(app, 'listMembers', async (request, reply) =>
    sendPage(reply, await members.listMembers(db, request.caller, request.query)),
  );

  route(app, 'removeMember', async (request, reply) => {
    await members.removeMember(db, app.clock, request.caller, request.body.user_uuid);
    return reply.status(204).send(null);
  });

  route(app, 'changeMemberRole', (request) =>
    members.changeRole(db, request.caller, request.body.user_uuid, request.body.new_role),
  );
};
