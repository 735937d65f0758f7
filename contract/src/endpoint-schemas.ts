// What each endpoint of endpoints.ts takes and answers: its path parameters, query, body and success responses, by the
// same id. The server validates and serializes with these (`route` in server/src/plugins/route-scope.ts) and the
// OpenAPI document shows them; the web takes its call types from them, as types only, so no page loads zod for them.
// Every id of ENDPOINTS has an entry: the `satisfies` below fails to compile on one that does not.
import type { z } from 'zod';

import type { EndpointSchema } from './endpoint-schema-types.ts';
import type { EndpointId } from './endpoints.ts';
import { authEndpointSchemas } from './auth.ts';
import { accountEndpointSchemas } from './account.ts';
import { passkeysEndpointSchemas } from './passkeys.ts';
import { tenantsEndpointSchemas } from './tenants.ts';
import { activityEndpointSchemas } from './activity.ts';
import { feedbackEndpointSchemas } from './feedback.ts';
import { billingEndpointSchemas } from './billing.ts';
import { superAdminEndpointSchemas } from './super-admin.ts';
import { healthEndpointSchemas } from './health.ts';
import { itemsEndpointSchemas } from './items.ts';
import { developersEndpointSchemas } from './developers.ts';
import { enterpriseEndpointSchemas } from './enterprise.ts';

export const ENDPOINT_SCHEMAS = {
  ...authEndpointSchemas,
  ...accountEndpointSchemas,
  ...passkeysEndpointSchemas,
  ...tenantsEndpointSchemas,
  ...activityEndpointSchemas,
  ...feedbackEndpointSchemas,
  ...billingEndpointSchemas,
  ...superAdminEndpointSchemas,
  ...healthEndpointSchemas,
  ...itemsEndpointSchemas,
  ...developersEndpointSchemas,
  ...enterpriseEndpointSchemas,
} as const satisfies { [K in EndpointId]: EndpointSchema };

type Schemas = typeof ENDPOINT_SCHEMAS;

type Part<K, F extends string> = K extends EndpointId
  ? Schemas[K] extends { [P in F]: infer S extends z.ZodType }
    ? S
    : undefined
  : undefined;

/** What a caller sends: path parameters, query and body, as the schemas accept them. */
export type EndpointParams<K> = Part<K, 'params'> extends z.ZodType ? z.input<Part<K, 'params'>> : undefined;
export type EndpointQuery<K> = Part<K, 'query'> extends z.ZodType ? z.input<Part<K, 'query'>> : undefined;
export type EndpointBody<K> = Part<K, 'body'> extends z.ZodType ? z.input<Part<K, 'body'>> : undefined;

/** The JSON of a success answer (of any of its statuses); undefined for a 204. */
export type EndpointResponse<K> = K extends EndpointId
  ? {
      [S in keyof Schemas[K]['response']]: S extends 204
        ? undefined
        : Schemas[K]['response'][S] extends z.ZodType
          ? z.output<Schemas[K]['response'][S]>
          : never;
    }[keyof Schemas[K]['response']]
  : unknown;
