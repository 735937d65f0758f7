// One call at the top of a routes plugin sets what every route in its scope shares: who may call them, their
// OpenAPI tag and security, and the {detail} error responses. Routes then declare only what is their own.
import { ErrorBodySchema } from '@app/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';

import { ERROR_STATUSES } from '../lib/app-error.ts';
import { requireSuperAdmin, requireUser } from './auth.ts';
import { requireTenant } from './tenant.ts';

/** Every status the error plugin answers with a {detail} body: the same schema documents and serializes them. */
const errorResponses = Object.fromEntries(
  ERROR_STATUSES.map((status) => [status, ErrorBodySchema] as const),
) as Record<(typeof ERROR_STATUSES)[number], typeof ErrorBodySchema>;

const GUARDS = {
  /** Anyone; such a route authorizes by what it is sent (a token in a link, a signature), if at all. */
  public: null,
  /** A signed-in user with an open session: request.user. */
  user: requireUser,
  /** A member of the team in X-TENANT-UUID: request.user and request.tenantCtx; requireRole narrows it. */
  tenant: requireTenant,
  /** A super admin, checked against the database on every request. */
  'super-admin': requireSuperAdmin,
} satisfies Record<string, preHandlerAsyncHookHandler | null>;

type Access = keyof typeof GUARDS;

/**
 * Guards every route registered after it in this encapsulated scope (a route's own preHandler, e.g. requireRole,
 * runs after the guard) and completes each route's schema. Call it once per routes plugin or child scope.
 */
export function routeScope(app: FastifyInstance, { access, tags }: { access: Access; tags: string[] }) {
  const guard = GUARDS[access];
  if (guard) app.addHook('preHandler', guard);
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    if (schema.hide) return;
    route.schema = {
      tags,
      ...(guard ? { security: [{ bearerAuth: [] }] } : {}),
      ...schema,
      response: { ...errorResponses, ...(schema.response as object | undefined) },
    };
  });
}
