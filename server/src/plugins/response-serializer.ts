// Responses are written by fast-json-stringify from the JSON Schema of each route's zod response schema, compiled
// once per route (docs/decisions/008). Like zod's check it writes only the declared fields and refuses a response
// missing a required one; unlike it, it does not re-validate every value of every row the server itself produced,
// which cost a tenth of the CPU of a 100-row page. TypeScript already holds each handler to its schema's type.
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

export const serializerCompiler = ({ schema }: Parameters<FastifySchemaCompiler<z.ZodType>>[0]) =>
  fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Schema);
