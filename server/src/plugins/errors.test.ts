import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { buildTestApp } from '../../test/helpers.ts';
import { AppError } from '../lib/app-error.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
const logged: string[] = [];

beforeAll(async () => {
  app = await buildTestApp({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
  });
  // Routes that exist only in this test, to drive each kind of failure through the real error handler.
  app.post(
    '/api/echo',
    { schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) } },
    (request) => ({
      ...request.body,
    }),
  );
  app.get('/api/boom', () => {
    throw new Error('connection to 10.0.0.7 failed: password authentication failed for user "app"');
  });
  app.get('/api/missing-item', () => {
    throw new AppError('NOT_FOUND', 'Item not found');
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/echo',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('error responses', () => {
  it('answers 422 {detail} naming the invalid field', async () => {
    const response = await post(JSON.stringify({ name: '', count: 1 }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: expect.stringMatching(/^body\.name: /) });
  });

  it('answers 422 for a missing body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/echo' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/^body/);
  });

  it('answers 400 {detail} for malformed JSON', async () => {
    const response = await post('{"name": "a",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed JSON in request body' });
  });

  it('answers 413 {detail} for a body over the limit', async () => {
    const response = await post(JSON.stringify({ name: 'a'.repeat(1024 * 1024 + 1), count: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large' });
  });

  it('answers 404 {detail} for an unknown API path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: `Not found: ${method} /api/no-such-thing` });
    }
  });

  it('answers {detail} for an overlong URL parameter, which fails before routing', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/items/${'x'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ detail: 'URL parameter is too long' });
  });

  it('maps a service AppError to its status and detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/missing-item' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Item not found' });
  });

  it('answers 500 without internals, and logs them with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal Server Error' });
    expect(response.body).not.toContain('10.0.0.7');
    const line = logged.map((entry) => JSON.parse(entry)).find((entry) => entry.msg === 'request failed');
    expect(line.err.message).toContain('10.0.0.7');
    expect(line.reqId).toBe(response.headers['x-request-id']);
  });

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
