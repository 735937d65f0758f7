// The one place errors become responses: every failure answers {detail} with the right status (CONTRACT section 3).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { AppError } from '../lib/app-error.ts';

const DETAIL_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type',
};

/** Errors raised while routing, before any handler (a malformed URL, an overlong parameter): {detail} as well. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, reply) => {
  const detail = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL parameter is too long' : 'Malformed URL';
  void (reply as FastifyReply).status(error.statusCode ?? 400).send({ detail });
};

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send({ detail: error.detail });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0]!;
        const field = [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.');
        return reply.status(422).send({ detail: `${field}: ${issue.message}` });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        // Log everything, answer nothing internal.
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send({ detail: 'Internal Server Error' });
      }
      return reply.status(status).send({ detail: DETAIL_BY_FASTIFY_CODE[error.code] ?? error.message });
    });
  },
  { name: 'errors' },
);
