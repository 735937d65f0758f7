// Health (docs/contract.md sections 1 and 5): live while the process runs, ready while it can serve; /health as before.
import type { ErrorBody } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorBody } from '../../lib/app-error.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';

/** How long a health check waits for the database or Redis before calling it unreachable. */
const PING_TIMEOUT_MS = 2000;

const OK = { status: 'ok' as const };

/** Why an instance should get no requests now, each as its 503 answers it. */
const DOWN = {
  database: errorBody('unavailable', 'Database unavailable', { reason: 'database' }),
  redis: errorBody('unavailable', 'Redis unavailable', { reason: 'redis' }),
  shuttingDown: errorBody('unavailable', 'Shutting down', { reason: 'shutting_down' }),
};

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Health'] });

  /** Why the database cannot serve now, or undefined when it answers. */
  async function databaseDown(): Promise<ErrorBody | undefined> {
    try {
      await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
      return undefined;
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      return DOWN.database;
    }
  }

  /** Why this instance should get no requests now, or undefined when it is ready. */
  async function notReady(): Promise<ErrorBody | undefined> {
    if (app.lifecycle.isDraining) return DOWN.shuttingDown;
    const database = await databaseDown();
    if (database || !app.redis) return database;
    try {
      await withTimeout(app.redis.ping(), PING_TIMEOUT_MS);
      return undefined;
    } catch (error) {
      app.log.warn({ err: error }, 'health check: Redis unreachable');
      return DOWN.redis;
    }
  }

  route(app, 'getHealth', async (_request, reply) => {
    const why = await databaseDown();
    return why ? reply.status(503).send(why) : OK;
  });
  // Nothing but the process: an orchestrator restarts an instance that fails this, which would not help an outage.
  route(app, 'getHealthLive', async () => OK);
  route(app, 'getHealthReady', async (_request, reply) => {
    const why = await notReady();
    return why ? reply.status(503).send(why) : OK;
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
