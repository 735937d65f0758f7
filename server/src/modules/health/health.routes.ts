import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorBody } from '../../lib/app-error.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';

/** How long a health check waits for the database before calling it unreachable. */
const PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Health'] });
  route(app, 'getHealth', async (request, reply) => {
    try {
      await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send(errorBody('unavailable', 'Database unavailable'));
    }
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref(),
    ),
  ]);
}
