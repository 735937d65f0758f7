import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../plugins/route-scope.ts';
import { submitFeedback } from './feedback.service.ts';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Feedback'] });

  route(app, 'sendFeedback', async (request, reply) =>
    reply.status(201).send(await submitFeedback(app.database.db, request.caller, request.body)),
  );
};
