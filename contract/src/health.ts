import { z } from 'zod';
import type { EndpointSchemas } from './endpoint-schemas.ts';

export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

export const healthEndpointSchemas = {} as const satisfies EndpointSchemas;
