import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { fromPool } from '../../db/client.ts';
import { buildTestApp, testConfig } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  it('answers 200 {status: ok} while the database answers', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    await app.close();
  });

  it('answers 503 {detail} once the database is gone', async () => {
    const app = await buildTestApp();
    await app.database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'Database unavailable',
      code: 'unavailable',
      params: { reason: 'database' },
    });
    await app.close().catch(() => {});
  });

  it('answers 503 {detail} when PostgreSQL is unreachable', async () => {
    // Nothing listens on port 1.
    const database = fromPool(new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/test' }));
    const app = await buildApp({ config: testConfig(), database, webDir: null });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'Database unavailable',
      code: 'unavailable',
      params: { reason: 'database' },
    });
    await app.close();
    await database.close();
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('are both 200 while the instance serves; live stays 200 once the database is gone, ready does not', async () => {
    const app = await buildTestApp();
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
    await app.database.close();
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      detail: 'Database unavailable',
      code: 'unavailable',
      params: { reason: 'database' },
    });
    await app.close().catch(() => {});
  });

  it('ready answers 503 while Redis does not answer', async () => {
    // Nothing listens on port 1.
    const app = await buildTestApp({ config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }) });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      detail: 'Redis unavailable',
      code: 'unavailable',
      params: { reason: 'redis' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('once draining, ready answers 503 while every other request is still served, each closing its connection', async () => {
    const app = await buildTestApp();
    app.lifecycle.drain();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      detail: 'Shutting down',
      code: 'unavailable',
      params: { reason: 'shutting_down' },
    });
    const served = await app.inject({ method: 'GET', url: '/api/config' });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await app.close();
  });
});
