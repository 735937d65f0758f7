// Who may call a route is declared once, in contract/src/endpoints.ts: installRoutePolicies puts each route's guards in
// front of its own preHandlers from there, and refuses to start with a route under /api it does not list. routeScope,
// at the top of a routes plugin, adds what its routes share in the OpenAPI document: their tag and the {detail} errors.
import { ENDPOINT_POLICIES, type EndpointPolicy, ErrorBodySchema } from '@app/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';

import { ERROR_STATUSES } from '../lib/app-error.ts';
import { refuseImpersonation, requireSuperAdmin, requireUser } from './auth.ts';
import { requireRole, requireTenant } from './tenant.ts';

/** Every status the error plugin answers with a {detail} body: the same schema documents and serializes them. */
const errorResponses = Object.fromEntries(
  ERROR_STATUSES.map((status) => [status, ErrorBodySchema] as const),
) as Record<(typeof ERROR_STATUSES)[number], typeof ErrorBodySchema>;

/** The guards of a policy, in the order they run: who the caller is, their role, whether a view may act. */
export function guardsOf(policy: EndpointPolicy): preHandlerAsyncHookHandler[] {
  switch (policy.access) {
    case 'public':
      return [];
    case 'super-admin':
      return [requireSuperAdmin];
    case 'user':
      return [requireUser, ...(policy.viewAs === 'refused' ? [refuseImpersonation] : [])];
    case 'tenant':
      return [
        requireTenant,
        ...(policy.role === 'member' ? [] : [requireRole(policy.role)]),
        ...(policy.viewAs === 'refused' ? [refuseImpersonation] : []),
      ];
  }
}

/** Routes under these prefixes are not the app's API: the API's own documentation (@fastify/swagger-ui). */
const NOT_API = ['/api/docs'];

/** The policy of a route under /api, or null for a route that is not the API's; throws for an unlisted one. */
export function policyOf(method: string, url: string): EndpointPolicy | null {
  if (!url.startsWith('/api/') || NOT_API.some((prefix) => url.startsWith(prefix))) return null;
  // A GET route's HEAD twin is the same endpoint, and so is a path with a trailing slash (a prefix's `/` route).
  const key = `${method === 'HEAD' ? 'GET' : method} ${url.slice('/api'.length).replace(/\/$/, '')}`;
  const policy = (ENDPOINT_POLICIES as Record<string, EndpointPolicy>)[key];
  if (!policy)
    throw new Error(`${key} has no policy: add it to ENDPOINT_POLICIES in contract/src/endpoints.ts`);
  return policy;
}

/** On the root instance, before any routes: every route registered after it gets its policy's guards. */
export function installRoutePolicies(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const [policy, ...others] = [route.method]
      .flat()
      .map((method) => policyOf(method, route.url))
      .filter((p) => p !== null);
    if (!policy) return;
    if (others.some((other) => other !== policy))
      throw new Error(`${route.url}: one route, several policies`);
    const own = route.preHandler ?? [];
    route.preHandler = [...guardsOf(policy), ...(Array.isArray(own) ? own : [own])];
    if (policy.access !== 'public' && !route.schema?.hide) {
      route.schema = { security: [{ bearerAuth: [] }], ...route.schema };
    }
  });
}

/** Completes each route's schema in this encapsulated scope with its tag and the {detail} error responses. */
export function routeScope(app: FastifyInstance, { tags }: { tags: string[] }) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    if (schema.hide) return;
    route.schema = {
      tags,
      ...schema,
      response: { ...errorResponses, ...(schema.response as object | undefined) },
    };
  });
}
