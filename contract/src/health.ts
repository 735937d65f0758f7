import { z } from 'zod';

import { PublicConfigSchema } from './auth.ts';
import { ErrorBodySchema } from './common.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';

export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

export const healthEndpointSchemas = {
  // 503 {detail, code}: the database is unreachable, an answer of the route itself.
  getHealth: { response: { 200: HealthSchema, 503: ErrorBodySchema } },
  getHealthLive: { response: { 200: HealthSchema } },
  // 503 {detail, code}: the database or Redis does not answer, or the instance is stopping.
  getHealthReady: { response: { 200: HealthSchema, 503: ErrorBodySchema } },
  getPublicConfig: { response: { 200: PublicConfigSchema } },
  // The document itself, and the development mailbox's JSON: neither declares a schema.
  getOpenApi: { response: {} },
  getDevMailbox: { response: {} },
} as const satisfies EndpointSchemas;
