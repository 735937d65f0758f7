import { Readable } from 'node:stream';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as activity from './activity.service.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Activity'] });
  const db = app.database.db;

  route(app, 'listActivity', async (request, reply) =>
    sendPage(reply, await activity.listActivity(db, request.caller, request.query)),
  );

  route(
    app,
    'exportActivity',
    (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity.csv"')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(activity.exportActivity(db, request.caller, request.query.action))),
    {
      schema: {
        description:
          'The same entries as CSV (created_at, actor_email, action, target), all of them, streamed.',
      },
    },
  );
};
