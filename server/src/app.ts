// buildApp: plugins first, then every module mounted explicitly. No listen here, so tests build it too.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

/** The built web app, beside the server package in the repository. */
export const DEFAULT_WEB_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@app/server/package.json')),
  '../web/dist',
);

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export type AppOptions = {
  config: Config;
  database: Database;
  /** Directory of the built web app; null serves the API only. */
  webDir?: string | null;
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp({ config, database, webDir = DEFAULT_WEB_DIR, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    // Honour a well-formed request id from a load balancer, or make one; it tags every log line of the request.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A hop count trusts that many proxies in front of us (Fastify accepts numbers, its types do not say so).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate<Database>('database', database);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(openapiPlugin);

  await app.register(healthRoutes, { prefix: '/api' });

  await app.register(webAppPlugin, { webDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
