import { ErrorBodySchema, type ErrorCode } from '@app/contract';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { buildTestApp, createTestDatabase } from '../../test/helpers.ts';
import { fromPool } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
const logged: string[] = [];

beforeAll(async () => {
  app = await buildTestApp({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
  });
  // Routes that exist only in this test, to drive each kind of failure through the real error handler: outside
  // /api, where every route needs a policy in contract/src/endpoints.ts.
  app.post(
    '/test-only/echo',
    { schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) } },
    (request) => ({
      ...request.body,
    }),
  );
  app.get('/test-only/boom', () => {
    throw new Error('connection to 10.0.0.7 failed: password authentication failed for user "app"');
  });
  app.get('/test-only/missing-item', () => {
    throw new AppError('NOT_FOUND', 'Item not found', 'item_not_found');
  });
  app.get<{ Params: { kind: string } }>('/test-only/app-error/:kind', (request) => {
    throw APP_ERRORS[request.params.kind]!();
  });
  app.get<{ Params: { kind: string } }>('/test-only/database/:kind', async (request) => {
    await DATABASE_FAILURES[request.params.kind]!();
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await Promise.all(opened.map((database) => database.close().catch(() => {})));
});

const opened: { close(): Promise<void> }[] = [];
/** Thrown by the driver, wrapped by drizzle as every failed query is. */
const failedQuery = (cause: Error) => Promise.reject(new DrizzleQueryError('select 1', [], cause));
const serverError = (code: string, message: string) =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

/** How a database that is down, going down or not yet up fails a query: real failures where one can be made. */
const DATABASE_FAILURES: Record<string, () => Promise<unknown>> = {
  // Nothing listens on port 1: ECONNREFUSED from a real pool, through drizzle.
  refused: () => {
    const database = fromPool(new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none' }));
    opened.push(database);
    return database.db.execute(sql`select 1`);
  },
  // The app's own database closed: PGlite is closed, or the pool has ended (DATABASE_URL pass).
  closed: async () => {
    const database = await createTestDatabase();
    opened.push({ close: database.drop });
    await database.close();
    return database.db.execute(sql`select 1`);
  },
  'admin shutdown': () =>
    failedQuery(serverError('57P01', 'terminating connection due to administrator command')),
  'starting up': () => failedQuery(serverError('57P03', 'the database system is starting up')),
  'connection failure': () => failedQuery(serverError('08006', 'connection failure')),
  'connection cut': () => failedQuery(new Error('Connection terminated unexpectedly')),
  'pool connect timeout': () => failedQuery(new Error('timeout exceeded when trying to connect')),
  // The rollback after a cut connection fails too, and wraps what cut it.
  'failed rollback': () =>
    failedQuery(
      new Error('Client has encountered a connection error and is not queryable', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ),
  // A host name with several addresses, none answering.
  'every address refused': () =>
    failedQuery(
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    ),
  // A wrong query is a bug, not an outage.
  'wrong query': () => app.database.db.execute(sql`select * from no_such_table`),
  'unique violation': () =>
    failedQuery(serverError('23505', 'duplicate key value violates unique constraint "users_email_unique"')),
  // Class 08, but our bug (say, more bind parameters than the protocol allows): a retry would fail the same way.
  'protocol violation': () => failedQuery(serverError('08P01', 'bind message has 70000 parameter formats')),
};

/** AppErrors of every kind, some with params, by the name a test route throws them under. */
const APP_ERRORS: Record<string, () => AppError> = {
  'bad request': () =>
    new AppError('BAD_REQUEST', 'Current password is required', 'current_password_required'),
  unauthorized: () => new AppError('UNAUTHORIZED', 'Invalid email or password', 'invalid_credentials'),
  'payment required': () =>
    new AppError('PAYMENT_REQUIRED', 'Your card was declined.', 'payment_required', { reason: 'declined' }),
  'plan limit': () =>
    new AppError('PLAN_LIMIT', 'Your plan allows 3 members. Upgrade to add more.', 'plan_limit', {
      reason: 'members',
      count: 3,
    }),
  forbidden: () => new AppError('FORBIDDEN', 'Only the team owner can do this', 'owner_only'),
  conflict: () => new AppError('CONFLICT', 'Email already registered', 'email_taken'),
  invalid: () =>
    new AppError('INVALID', 'Your card’s security code is invalid.', 'card_security_code_invalid'),
  'rate limited': () =>
    new AppError('RATE_LIMITED', 'Too many wrong codes. Try again later.', 'rate_limited', {
      reason: 'wrong_codes',
    }),
  unavailable: () =>
    new AppError(
      'UNAVAILABLE',
      'The payment provider is unavailable. Please try again in a moment.',
      'unavailable',
      {
        reason: 'payment_provider',
      },
    ),
};

const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/test-only/echo',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('error responses', () => {
  it('answers 422 {detail} naming the invalid field', async () => {
    const response = await post(JSON.stringify({ name: '', count: 1 }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: expect.stringMatching(/^body\.name: /),
      code: 'validation',
      params: { field: 'body.name', message: expect.any(String) },
    });
  });

  it('answers a contract schema’s message in English, with its key', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'not an address', password: 'long enough' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: 'body.email: Please enter a valid email address',
      code: 'validation',
      params: { field: 'body.email', message: 'email_invalid' },
    });
  });

  it('answers 422 for a missing body', async () => {
    const response = await app.inject({ method: 'POST', url: '/test-only/echo' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/^body/);
  });

  it('answers 400 {detail} for malformed JSON', async () => {
    const response = await post('{"name": "a",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed JSON in request body', code: 'malformed_json' });
  });

  it('answers 413 {detail} for a body over the limit', async () => {
    const response = await post(JSON.stringify({ name: 'a'.repeat(1024 * 1024 + 1), count: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large', code: 'body_too_large' });
  });

  it('answers 404 {detail} for an unknown API path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail: `Not found: ${method} /api/no-such-thing`,
        code: 'unknown_path',
        params: { method, path: '/api/no-such-thing' },
      });
    }
  });

  it('answers {detail} for an overlong URL parameter, which fails before routing', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/items/${'x'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ detail: 'URL parameter is too long', code: 'url_parameter_too_long' });
  });

  it('maps a service AppError to its status and detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/test-only/missing-item' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Item not found', code: 'item_not_found' });
  });

  it('answers 500 without internals, and logs them with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/test-only/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal Server Error', code: 'internal' });
    expect(response.body).not.toContain('10.0.0.7');
    const line = logged.map((entry) => JSON.parse(entry)).find((entry) => entry.msg === 'request failed');
    expect(line.err.message).toContain('10.0.0.7');
    expect(line.reqId).toBe(response.headers['x-request-id']);
  });

  it.each(
    ['refused', 'closed', 'admin shutdown', 'starting up', 'connection failure', 'connection cut'].concat([
      'pool connect timeout',
      'failed rollback',
      'every address refused',
    ]),
  )('answers 503 {detail} when the database is unavailable (%s), and logs why', async (kind) => {
    const response = await app.inject({ method: 'GET', url: `/test-only/database/${kind}` });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'Service temporarily unavailable',
      code: 'unavailable',
      params: { reason: 'service' },
    });
    const line = logged
      .map((entry) => JSON.parse(entry))
      .find((entry) => entry.reqId === response.headers['x-request-id']);
    expect(line.msg).toBe('request failed: the database or an upstream service is unavailable');
  });

  it.each(['wrong query', 'unique violation', 'protocol violation'])(
    'answers 500 for a database error that is no outage (%s)',
    async (kind) => {
      const response = await app.inject({ method: 'GET', url: `/test-only/database/${kind}` });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal Server Error', code: 'internal' });
    },
  );

  it('tags each response with a request id, keeping a well-formed one from the caller', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': '<script>'.repeat(40) },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes a valid request through', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', count: 2 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ada', count: 2 });
  });
});

describe('error codes', () => {
  type Source = {
    name: string;
    send: () => ReturnType<typeof post>;
    status: number;
    code: ErrorCode;
    detail: string | RegExp;
    params?: object;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  /** One representative of every source of errors, and the status, code and params it must answer. */
  const SOURCES: Source[] = [
    ...Object.entries(APP_ERRORS).map(([kind, make]) => {
      const { statusCode, body } = make();
      return {
        name: `an AppError (${kind})`,
        send: () => get(`/test-only/app-error/${encodeURIComponent(kind)}`),
        status: statusCode,
        ...body,
      };
    }),
    {
      name: 'a request that fails its schema',
      send: () => post(JSON.stringify({ name: 'a', count: 'two' })),
      status: 422,
      code: 'validation',
      detail: /^body\.count: /,
      params: { field: 'body.count', message: expect.any(String) },
    },
    {
      name: 'malformed JSON',
      send: () => post('{'),
      status: 400,
      code: 'malformed_json',
      detail: 'Malformed JSON in request body',
    },
    {
      name: 'an unsupported Content-Type',
      send: () => post('name=a', { 'content-type': 'application/x-www-form-urlencoded' }),
      status: 415,
      code: 'unsupported_content_type',
      detail: 'Unsupported Content-Type',
    },
    {
      name: 'a malformed URL',
      send: () => get('/api/items/%E0%A4%A'),
      status: 400,
      code: 'malformed_url',
      detail: 'Malformed URL',
    },
    {
      name: 'a body whose length is not its Content-Length',
      send: () => post('{}', { 'content-length': '5' }),
      status: 400,
      code: 'bad_request',
      detail: /Content-Length/,
    },
    {
      name: 'an unknown route',
      send: () => app.inject({ method: 'PATCH', url: '/api/nowhere' }),
      status: 404,
      code: 'unknown_path',
      detail: 'Not found: PATCH /api/nowhere',
      params: { method: 'PATCH', path: '/api/nowhere' },
    },
    {
      name: 'a bug',
      send: () => get('/test-only/boom'),
      status: 500,
      code: 'internal',
      detail: 'Internal Server Error',
    },
    {
      name: 'a database outage',
      send: () => get('/test-only/database/connection%20cut'),
      status: 503,
      code: 'unavailable',
      detail: 'Service temporarily unavailable',
      params: { reason: 'service' },
    },
    {
      name: 'no token at a signed-in route',
      send: () => get('/api/auth/me'),
      status: 401,
      code: 'not_signed_in',
      detail: 'Not authenticated',
    },
    {
      name: 'a token that is no longer valid (the session ended)',
      send: () => get('/api/auth/me', { authorization: 'Bearer not.a.token' }),
      status: 401,
      code: 'session_ended',
      detail: 'Invalid or expired token',
    },
  ];

  it.each(SOURCES)(
    'answers {detail, code, params} for $name',
    async ({ send, status, code, detail, params }) => {
      const response = await send();
      expect(response.statusCode).toBe(status);
      const body = response.json();
      // Exactly the contract's body: a code of its list, and nothing beside its fields.
      expect(ErrorBodySchema.parse(body)).toEqual(body);
      expect(body).toEqual({
        code,
        detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
        ...(params && { params }),
      });
    },
  );

  it('gives an AppError its kind’s status and its own code and params', () => {
    expect(
      new AppError('PLAN_LIMIT', 'Your plan allows 3 items.', 'plan_limit', { reason: 'items', count: 3 }),
    ).toMatchObject({
      statusCode: 402,
      kind: 'PLAN_LIMIT',
      code: 'plan_limit',
      body: {
        detail: 'Your plan allows 3 items.',
        code: 'plan_limit',
        params: { reason: 'items', count: 3 },
      },
    });
    expect(new AppError('FORBIDDEN', 'Sign in again', 'recent_sign_in_required').body).toEqual({
      detail: 'Sign in again',
      code: 'recent_sign_in_required',
    });
  });
});
