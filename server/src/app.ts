// buildApp: plugins first, then every module mounted explicitly. No listen here, so tests build it too.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

import { isUuid } from '@app/contract';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { type AccessTokens, createAccessTokens } from './lib/tokens.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authModulePlugin } from './modules/auth/auth.plugin.ts';
import { enterpriseRoutes } from './modules/enterprise/enterprise.routes.ts';
import { scimRoutes } from './modules/enterprise/scim/scim.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { itemsRoutes } from './modules/items/items.routes.ts';
import { mailPlugin } from './modules/mail/mail.plugin.ts';
import { maintenancePlugin } from './modules/maintenance/maintenance.plugin.ts';
import { invitationsRoutes } from './modules/members/invitations.routes.ts';
import { membersModulePlugin } from './modules/members/members.plugin.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { teamsRoutes } from './modules/members/teams.routes.ts';
import { passkeysModulePlugin } from './modules/passkeys/passkeys.plugin.ts';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts';
import { billingPlugin } from './modules/billing/billing.plugin.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { publicConfigRoutes } from './modules/public-config/public-config.routes.ts';
import { impersonationRoutes, superAdminRoutes } from './modules/super-admin/super-admin.routes.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { usageRoutes } from './modules/usage/usage.routes.ts';
import { webhooksPlugin, type WebhooksPluginOptions } from './modules/webhooks/webhooks.plugin.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { type AttemptLimits, rateLimitsPlugin } from './plugins/rate-limits.ts';
import { redisPlugin } from './plugins/redis.ts';
import { validatorCompiler } from './plugins/request-validator.ts';
import { checkResponse, serializerCompiler } from './plugins/response-serializer.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { installRoutePolicies } from './plugins/route-scope.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
    accessTokens: AccessTokens;
  }
}

/** The built web app, beside the server package in the repository. */
const DEFAULT_WEB_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@app/server/package.json')),
  '../web/dist',
);

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The segment after /invitations/ in any path (API or web page, any case): a token, unless it is an invitation's id. */
const INVITATION_SEGMENT = /(\/invitations\/+)([^/?#]+)/gi;

/**
 * What a log may keep of a request's URL: no query string (verification and reset links carry their single-use
 * tokens there) and no invitation token (those travel in the path).
 */
const redactUrl = (url: string): string =>
  url
    .split('?')[0]!
    .replace(INVITATION_SEGMENT, (whole, prefix: string, segment: string) =>
      isUuid(segment) ? whole : `${prefix}[token]`,
    );

export type AppOptions = {
  config: Config;
  database: Database;
  /** Directory of the built web app; null serves the API only. */
  webDir?: string | null;
  /** Where the log goes (main.ts: stdout, asynchronously; tests read it): a level replaces LOG_LEVEL. */
  logger?: { level?: string; stream?: { write(line: string): void } };
  /** Tests move time with their own clock. */
  clock?: Clock;
  /** Tests parse every response with its route's zod schema (docs/decisions/008); production does not. */
  checkResponses?: boolean;
  /** Tests that make many attempts on purpose raise a limit that is not theirs to test. */
  limits?: Partial<AttemptLimits>;
  /** Tests stand in for DNS and shorten an attempt's timeout. */
  webhooks?: WebhooksPluginOptions;
};

export async function buildApp({
  config,
  database,
  webDir = DEFAULT_WEB_DIR,
  logger,
  clock = systemClock,
  checkResponses = false,
  limits,
  webhooks,
}: AppOptions) {
  const app = Fastify({
    logger: {
      level: logger?.level ?? config.logLevel,
      ...(logger?.stream ? { stream: logger.stream } : {}),
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
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
    // docs/spec.md section 7 names some lists with a trailing slash (/items/, /feedback/): both spellings answer.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // A request on a connection accepted just before a stop began is served, not refused with 503: the stop waits
    // for it, and the drain's Connection: close (plugins/lifecycle.ts) keeps any connection from carrying another.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Added before any plugin registers: Fastify gives a plugin only the hooks its parent had at that moment.
  if (checkResponses) app.addHook('preSerialization', checkResponse);
  app.decorate('config', config);
  app.decorate<Database>('database', database);
  app.decorate('clock', clock);
  app.decorate(
    'accessTokens',
    createAccessTokens({ secret: config.jwtSecret, ttlSeconds: config.accessTokenTtlSeconds, clock }),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Before any route: every route under /api gets the guards its policy declares (contract/src/endpoints.ts).
  installRoutePolicies(app);
  await app.register(lifecyclePlugin);
  await app.register(jobsPlugin);
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  // Before any route: it hooks the routes registered after it (the API docs' files too).
  await app.register(compressionPlugin);
  const { servesApi } = config.duties;
  if (servesApi) await app.register(openapiPlugin);
  await app.register(redisPlugin);
  await app.register(rateLimitsPlugin, { limits });
  await app.register(authPlugin);
  await app.register(tenantPlugin);
  await app.register(mailPlugin);
  await app.register(webhooksPlugin, webhooks ?? {});
  await app.register(billingPlugin);
  await app.register(maintenancePlugin);
  await app.register(authModulePlugin);
  await app.register(passkeysModulePlugin);
  await app.register(membersModulePlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  // A worker (PROCESS_ROLE) runs the jobs and answers only its health.
  if (!servesApi) return app;
  await app.register(publicConfigRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(passkeysRoutes, { prefix: '/api/auth/passkeys' });
  await app.register(accountRoutes, { prefix: '/api/auth' });
  await app.register(tenantsRoutes, { prefix: '/api' });
  await app.register(teamsRoutes, { prefix: '/api' });
  await app.register(usageRoutes, { prefix: '/api' });
  await app.register(membersRoutes, { prefix: '/api' });
  await app.register(invitationsRoutes, { prefix: '/api' });
  await app.register(itemsRoutes, { prefix: '/api' });
  await app.register(activityRoutes, { prefix: '/api' });
  await app.register(apiKeysRoutes, { prefix: '/api' });
  await app.register(webhooksRoutes, { prefix: '/api' });
  await app.register(enterpriseRoutes, { prefix: '/api' });
  await app.register(scimRoutes, { prefix: '/api/scim/v2' });
  await app.register(feedbackRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(superAdminRoutes, { prefix: '/api/super-admin' });
  await app.register(impersonationRoutes, { prefix: '/api/auth/impersonation' });

  await app.register(webAppPlugin, { webDir });
  return app;
}
