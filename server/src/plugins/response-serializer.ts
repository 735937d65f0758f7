// Responses are written by fast-json-stringify from the JSON Schema of each route's zod response schema, compiled
// once per route (docs/decisions/008). Like zod's check it writes only the declared fields and refuses a response
// missing a required one; unlike it, it does not re-validate every value of every row the server itself produced,
// which cost a tenth of the CPU of a 100-row page. TypeScript already holds each handler to its schema's type.
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySchemaCompiler, preSerializationAsyncHookHandler } from 'fastify';
import { z } from 'zod';

// A type JSON Schema cannot state (a date, a transform) stops start-up rather than becoming "any", which
// fast-json-stringify would write whole, undeclared fields included.
export const serializerCompiler = ({ schema }: Parameters<FastifySchemaCompiler<z.ZodType>>[0]) =>
  fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Schema);

/**
 * The value-by-value check production leaves out: the server tests run it on every response (buildApp's
 * `checkResponses`), so a value of the wrong format fails the suite instead of reaching the web app.
 */
export const checkResponse: preSerializationAsyncHookHandler = async (request, reply, payload) => {
  const schemas = request.routeOptions.schema?.response as Record<number, unknown> | undefined;
  const schema = schemas?.[reply.statusCode];
  if (schema instanceof z.ZodType) schema.parse(payload);
  return payload;
};
