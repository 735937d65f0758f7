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
    expect(response.json()).toEqual({ detail: 'Database unavailable', code: 'unavailable' });
    await app.close().catch(() => {});
  });

  it('answers 503 {detail} when PostgreSQL is unreachable', async () => {
    // Nothing listens on port 1.
    const database = fromPool(new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/test' }));
    const app = await buildApp({ config: testConfig(), database, webDir: null });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'Database unavailable', code: 'unavailable' });
    await app.close();
    await database.close();
  });
});
