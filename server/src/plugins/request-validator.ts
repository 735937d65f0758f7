// Requests are validated by their route's zod schema, behind one rule of the API's own (docs/contract.md section 4):
// no text holds U+0000, which PostgreSQL refuses in text and jsonb, so it would otherwise fail inside a handler as a 500.
import { validationMessage } from '@app/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where the first string holding U+0000 is in a parsed body or query string, or undefined. */
function nulPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

const withoutNul = z.unknown().superRefine((value, ctx) => {
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', message: validationMessage('nul_character'), path });
});

/** Every text field and search parameter, whatever its schema says; path parameters are ids and tokens. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler(
    route.httpPart === 'body' || route.httpPart === 'querystring'
      ? { ...route, schema: withoutNul.pipe(route.schema) }
      : route,
  );
