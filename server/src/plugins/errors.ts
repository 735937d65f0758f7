// The one place errors become responses: every failure answers {detail, code} with the right status (docs/contract.md
// section 3).
import type { ErrorCode } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { AppError, errorBody } from '../lib/app-error.ts';

const DETAIL_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type',
};

/** The codes of the statuses Fastify or a plugin raise on their own, beside the 400s of a malformed request. */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
};

/**
 * The code of a failure raised with a status of its own (malformed JSON, a body too large, a malformed URL): the one
 * its status means, else `bad_request` (a 4xx) or `internal`.
 */
const codeForStatus = (status: number): ErrorCode =>
  status >= 500 ? 'internal' : (CODE_BY_STATUS[status] ?? 'bad_request');

/** Errors raised while routing, before any handler (a malformed URL, an overlong parameter): {detail, code} as well. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, reply) => {
  const detail = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL parameter is too long' : 'Malformed URL';
  const status = error.statusCode ?? 400;
  void (reply as FastifyReply).status(status).send(errorBody(codeForStatus(status), detail));
};

const DATABASE_UNAVAILABLE = 'Service temporarily unavailable';

/** Socket errors of a connection that cannot be made or was cut (node-postgres raises them as they are). */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * SQLSTATEs of a server that is going away or not there yet: the connection exceptions of class 08 (not 08P01, a
 * protocol violation, which is our bug; nor 08007, a commit whose outcome is unknown, which a retry could repeat),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery) and
 * 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(0800[0-46]|57P0[123]|53300)$/;
/** node-postgres and PGlite say so only in words. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is clos(ed|ing))/;

/**
 * Whether an error means the database cannot be reached, rather than that a query is wrong. Drizzle wraps the
 * driver's error (DrizzleQueryError.cause), and a failed rollback after a cut connection wraps it again, so the
 * whole cause chain counts, as do the attempts of an AggregateError (one per address of the host). A socket error
 * counts wherever it comes from: node-postgres raises a transaction's failed connect bare, not wrapped by Drizzle,
 * so it cannot be told from another upstream's (Google's keys, Stripe), for which 503 is the right answer too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
    return true;
  }
  if (UNAVAILABLE_MESSAGE.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send(errorBody(error.code, error.detail));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0]!;
        const field = [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.');
        return reply.status(422).send(errorBody('validation', `${field}: ${issue.message}`));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500 && isDatabaseUnavailable(error)) {
        // An outage, not a bug: say so at once, so clients and load balancers retry (and Stripe delivers a webhook
        // again). Nothing waits for the database to return: the next request tries it anew.
        request.log.error(
          { err: error },
          'request failed: the database or an upstream service is unavailable',
        );
        return reply.status(503).send(errorBody('unavailable', DATABASE_UNAVAILABLE));
      }
      if (status >= 500) {
        // Log everything, answer nothing internal.
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send(errorBody('internal', 'Internal Server Error'));
      }
      return reply
        .status(status)
        .send(errorBody(codeForStatus(status), DETAIL_BY_FASTIFY_CODE[error.code] ?? error.message));
    });
  },
  { name: 'errors' },
);
