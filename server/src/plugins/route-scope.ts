// Every endpoint is declared once, in contract/src/endpoints.ts and endpoint-schemas.ts: `route` registers a handler
// for an endpoint's id with its method, path, schemas and summary from there; installRoutePolicies puts each route's
// guards in front of its own preHandlers from its policy, and refuses to start with a route under /api that is not
// registered from a declared endpoint. routeScope, at the top of a routes plugin, adds what its routes share in the
// OpenAPI document: their tag and the {detail, code} errors.
import {
  ENDPOINT_SCHEMAS,
  type EndpointId,
  type EndpointSchema,
  type EndpointPolicy,
  ENDPOINTS,
  ErrorBodySchema,
  routeKey,
} from '@app/contract';
import type { CallerOf } from '../lib/caller.ts';
import type {
  FastifyInstance,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { ERROR_STATUSES } from '../lib/app-error.ts';
import { refuseApiKeys, teamCaller } from './api-keys.ts';
import { refuseImpersonation, requireSuperAdmin, requireUser } from './auth.ts';
import { requireScimToken } from './scim.ts';
import { requireRecentTeamSignIn, requireRole, requireTeamRules, requireTenant } from './tenant.ts';

/** Every status the error plugin answers with a {detail} body: the same schema documents and serializes them. */
const errorResponses = Object.fromEntries(
  ERROR_STATUSES.map((status) => [status, ErrorBodySchema] as const),
) as Record<(typeof ERROR_STATUSES)[number], typeof ErrorBodySchema>;

/**
 * The guards of a policy, in the order they run: who the caller is, their role, whether a view may act, how recent
 * their sign-in is; on a team route, an API key instead of all that, if its scope is the route's. A key is refused everywhere else.
 */
export function guardsOf(policy: EndpointPolicy): preHandlerAsyncHookHandler[] {
  switch (policy.access) {
    case 'public':
      return [];
    case 'super-admin':
      return [refuseApiKeys, requireSuperAdmin];
    case 'scim':
      return [requireScimToken];
    case 'user':
      return [refuseApiKeys, requireUser, ...(policy.viewAs === 'refused' ? [refuseImpersonation] : [])];
    case 'tenant':
      return [
        teamCaller(policy.key, [
          requireTenant,
          requireTeamRules(policy.teamRules !== 'reported'),
          ...(policy.role === 'member' ? [] : [requireRole(policy.role)]),
          ...(policy.viewAs === 'refused' ? [refuseImpersonation] : []),
          ...(policy.recentSignIn ? [requireRecentTeamSignIn] : []),
        ]),
      ];
  }
}

/** Routes under these prefixes are not the app's API: the API's own documentation (@fastify/swagger-ui). */
const NOT_API = ['/api/docs'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint a route was registered for by `route`: where its policy comes from. */
    endpoint?: EndpointId;
  }
}

/**
 * The endpoint of a route under /api, or null for a route that is not the API's; throws for a route registered by hand
 * (not by `route`), and for one whose method and path are not its endpoint's.
 */
export function endpointOf(route: Pick<RouteOptions, 'url' | 'config'>, method: string): EndpointId | null {
  const { url, config } = route;
  if (!url.startsWith('/api/') || NOT_API.some((prefix) => url.startsWith(prefix))) return null;
  const id = (config as { endpoint?: EndpointId } | undefined)?.endpoint;
  if (id === undefined)
    throw new Error(
      `${method} ${url} is registered by hand: declare it in ENDPOINTS and register it with route()`,
    );
  // A GET route's HEAD twin is the same endpoint, and so is a path with a trailing slash (a prefix's `/` route).
  const { method: declared, path } = ENDPOINTS[id];
  if (routeKey(method === 'HEAD' ? 'GET' : method, url.slice('/api'.length)) !== routeKey(declared, path))
    throw new Error(`${method} ${url} is not ${id}'s ${declared} ${path}`);
  return id;
}

/** On the root instance, before any routes: every route registered after it gets its policy's guards. */
export function installRoutePolicies(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    // Every method of a route is checked; they are one endpoint's (route() registers one).
    const [id] = [route.method].flat().map((method) => endpointOf(route, method));
    if (id === null || id === undefined) return;
    const { policy } = ENDPOINTS[id];
    const own = route.preHandler ?? [];
    route.preHandler = [...guardsOf(policy), ...(Array.isArray(own) ? own : [own])];
    // Every operation says how it is called, a public one that it needs nothing (redocly's security-defined), one
    // an API key may call which scope it needs.
    if (!route.schema?.hide) {
      const security: Record<string, string[]>[] =
        policy.access === 'public'
          ? []
          : policy.access === 'scim'
            ? [{ scimAuth: [] }]
            : [
                { bearerAuth: [] },
                ...(policy.access === 'tenant' && policy.key ? [{ apiKeyAuth: [policy.key] }] : []),
              ];
      route.schema = { security, ...route.schema };
    }
  });
}

/**
 * Completes each route's schema in this encapsulated scope with its tag and the {detail} error responses. A scope
 * inside another (the test-mode billing pages in billing's) runs its parent's hook first, then its own: its tag wins.
 */
export function routeScope(app: FastifyInstance, { tags }: { tags: string[] }) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    if (schema.hide) return;
    route.schema = {
      ...schema,
      tags,
      response: { ...errorResponses, ...(schema.response as object | undefined) },
    };
  });
}

type Schemas = typeof ENDPOINT_SCHEMAS;
type Field<K extends EndpointId, F extends string> = Schemas[K] extends { [P in F]: infer S } ? S : undefined;
/** The Fastify schema of an endpoint, typed so that the Zod type provider types each handler's request and reply. */
type RouteSchema<K extends EndpointId> = {
  /** The endpoint's id, so that a generated client names each call as the contract does. */
  operationId: K;
  summary: string;
  params: Field<K, 'params'>;
  querystring: Field<K, 'query'>;
  body: Field<K, 'body'>;
  response: Schemas[K]['response'];
};
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type FastifyHandler<K extends EndpointId> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  RouteSchema<K>,
  ZodTypeProvider
>;
/**
 * An endpoint's handler: its request carries the caller its policy grants (lib/caller.ts), and no other; a handler
 * that reads more (a member's role on a route a key may call, a team on a user's route) does not typecheck.
 */
type Handler<K extends EndpointId> = (
  this: FastifyInstance,
  request: Parameters<FastifyHandler<K>>[0] & { readonly caller: CallerOf<(typeof ENDPOINTS)[K]['policy']> },
  reply: Parameters<FastifyHandler<K>>[1],
) => ReturnType<FastifyHandler<K>>;
/** What a route may add to its endpoint's declaration: its own hooks, rate limit or body limit, its description. */
type RouteExtras = Omit<RouteShorthandOptions, 'schema'> & {
  schema?: Pick<FastifySchema, 'hide' | 'description'>;
};

/**
 * Registers the handler of endpoint `id` (contract/src/endpoints.ts) on a routes plugin registered under `/api`: its
 * method, path, summary and schemas come from the contract, so the handler holds only what the endpoint does.
 */
export function route<K extends EndpointId>(
  app: ZodApp,
  id: K,
  handler: Handler<K>,
  { schema: extra, ...extras }: RouteExtras = {},
) {
  const { method, path, summary } = ENDPOINTS[id];
  // The plugin's prefix is part of the endpoint's path.
  const within = app.prefix.replace(/^\/api/, '');
  if (!path.startsWith(within)) throw new Error(`${id}: ${path} is not under ${app.prefix}`);
  const { params, query, body, response }: EndpointSchema = ENDPOINT_SCHEMAS[id];
  // Only the parts the endpoint has: Fastify warns of a schema key that is present but undefined.
  const parts = Object.fromEntries(
    Object.entries({ params, querystring: query, body }).filter(([, schema]) => schema !== undefined),
  );
  app.route({
    ...extras,
    method,
    url: path.slice(within.length) || '/',
    schema: { operationId: id, summary, ...parts, response, ...extra } as RouteSchema<K>,
    config: { ...extras.config, endpoint: id },
    // The guards set the caller before the handler runs (plugins/auth.ts, setCaller).
    handler: handler as FastifyHandler<K>,
  });
}
