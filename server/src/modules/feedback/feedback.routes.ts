import { FeedbackBodySchema, FeedbackSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { routeScope } from '../../plugins/route-scope.ts';
import { submitFeedback } from './feedback.service.ts';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Feedback'] });

  app.post(
    '/feedback/',
    { schema: { body: FeedbackBodySchema, response: { 201: FeedbackSchema } } },
    async (request, reply) =>
      reply.status(201).send(await submitFeedback(app.database.db, request.tenantCtx, request.body)),
  );
};
