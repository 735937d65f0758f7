import { Readable } from 'node:stream';

import { ActivityEntrySchema, ActivityExportQuerySchema, ActivityQuerySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as activity from './activity.service.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Activity'] });
  const db = app.database.db;

  app.get(
    '/activity',
    { schema: { querystring: ActivityQuerySchema, response: { 200: z.array(ActivityEntrySchema) } } },
    async (request, reply) =>
      sendPage(reply, await activity.listActivity(db, request.tenantCtx, request.query)),
  );

  app.get(
    '/activity/export',
    {
      schema: {
        description:
          'The same entries as CSV (created_at, actor_email, action, target), all of them, streamed.',
        querystring: ActivityExportQuerySchema,
      },
    },
    (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity.csv"')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(activity.exportActivity(db, request.tenantCtx, request.query.action))),
  );
};
