// The one place errors become responses: every failure answers {detail, code, params} with the right status
// (docs/contract.md section 3).
import { type ErrorBody, type ErrorCode, isValidationMessage, VALIDATION_MESSAGES } from '@app/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { AppError, errorBody } from '../lib/app-error.ts';

/** Fastify's refusals of a request as sent, each with its own code; another 4xx of Fastify's is `bad_request`. */
const REFUSAL_BY_FASTIFY_CODE: Record<string, { code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_json', detail: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'empty_json_body',
    detail: 'Request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', detail: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_content_type', detail: 'Unsupported Content-Type' },
};

/** Where a company's directory calls (docs/contract.md section 4): every refusal there is in SCIM's error body. */
const SCIM_PATHS = '/api/scim/v2/';
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/**
 * Sends a refusal: {detail, code, params}, or under SCIM_PATHS the same in SCIM's body (RFC 7644 section 3.12), with
 * `scimType` from the code `scim`'s reason. SCIM knows no 422: a request its declared parts refuse is 400
 * `invalidValue` there.
 */
export function sendRefusal(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) {
  if (!request.url.startsWith(SCIM_PATHS)) return reply.status(status).send(body);
  const scimStatus = body.code === 'validation' ? 400 : status;
  // The reason in snake_case, as every code's reasons are; scimType as SCIM spells it (invalid_value → invalidValue).
  const reason =
    body.code === 'scim'
      ? (body.params as { reason: string }).reason
      : body.code === 'validation'
        ? 'invalid_value'
        : undefined;
  const scimType = reason?.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return reply
    .status(scimStatus)
    .type('application/scim+json')
    .send({
      schemas: [SCIM_ERROR],
      status: String(scimStatus),
      ...(scimType && { scimType }),
      detail: body.detail,
    });
}

/** Errors raised while routing, before any handler (a malformed URL, an overlong parameter): {detail, code} as well. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, request, reply) => {
  const body =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? errorBody('url_parameter_too_long', 'URL parameter is too long')
      : errorBody('malformed_url', 'Malformed URL');
  void sendRefusal(request as FastifyRequest, reply as FastifyReply, error.statusCode ?? 400, body);
};

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

/**
 * The status and {detail, code, params} body of any error a route raised: an AppError as it says, a schema's refusal as
 * 422 `validation`, an outage as 503, a bug as a bare 500 (logged), the framework's refusals by their code.
 */
function errorAnswer(error: FastifyError, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.statusCode, body: error.body };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const field = [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.');
    // A contract schema's message is a key (contract/src/errors.ts), sent beside its English text; zod's own
    // messages (a wrong type where no schema words one) are English already and go as they are.
    const message = issue.message ?? '';
    const text = isValidationMessage(message) ? VALIDATION_MESSAGES[message] : message;
    return { status: 422, body: errorBody('validation', `${field}: ${text}`, { field, message }) };
  }
  const status = error.statusCode ?? 500;
  if (status >= 500 && isDatabaseUnavailable(error)) {
    // An outage, not a bug: say so at once, so clients and load balancers retry (and Stripe delivers a webhook
    // again). Nothing waits for the database to return: the next request tries it anew.
    request.log.error({ err: error }, 'request failed: the database or an upstream service is unavailable');
    return {
      status: 503,
      body: errorBody('unavailable', 'Service temporarily unavailable', { reason: 'service' }),
    };
  }
  if (status >= 500) {
    // Log everything, answer nothing internal.
    request.log.error({ err: error }, 'request failed');
    return { status, body: errorBody('internal', 'Internal Server Error') };
  }
  const refusal = REFUSAL_BY_FASTIFY_CODE[error.code] ?? { code: 'bad_request', detail: error.message };
  return { status, body: errorBody(refusal.code, refusal.detail) };
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body } = errorAnswer(error, request);
      return sendRefusal(request, reply, status, body);
    });
  },
  { name: 'errors' },
);
