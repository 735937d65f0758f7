// The shape of an endpoint's schemas: below both the contract modules, each typing its part of the table with it, and
// endpoint-schemas.ts, which collects the parts, so that neither imports the other back.
import type { z } from 'zod';

import type { EndpointId } from './endpoints.ts';

export type EndpointSchema = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answers by status; every endpoint's {detail, code} errors are added where routes are registered. */
  response: { [status: number]: z.ZodType };
};

/** A contract module's part of the table: its own ids. */
export type EndpointSchemas = { [K in EndpointId]?: EndpointSchema };
