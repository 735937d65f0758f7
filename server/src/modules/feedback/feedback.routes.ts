import { ErrorBodySchema, FeedbackBodySchema, FeedbackSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireTenant } from '../../plugins/tenant.ts';
import { submitFeedback } from './feedback.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feedback/',
    {
      preHandler: requireTenant,
      schema: {
        tags: ['Feedback'],
        security: [{ bearerAuth: [] }],
        body: FeedbackBodySchema,
        response: { 201: FeedbackSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitFeedback(app.database.db, request.tenantCtx, request.body)),
  );
};
