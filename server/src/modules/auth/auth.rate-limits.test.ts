// CONTRACT section 3 limits: the 11th failed login for one email in 15 minutes, and the 61st request in a minute
// from one address to each of login, register, reset request and refresh, answer 429 {detail} with Retry-After.
import { randomInt } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';

import { buildTestApp, registerUser, testConfig, type TestApp } from '../../../test/helpers.ts';

let app: TestApp;
afterEach(() => app.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/auth${url}`, payload, headers });

describe('rate limits', () => {
  it('refuse the 11th failed login for one email, even with the right password, but not other emails', async () => {
    app = await buildTestApp({ config: testConfig({ TRUST_PROXY: 'true' }) });
    const { email, password } = await registerUser(app);
    for (let attempt = 1; attempt <= 10; attempt++) {
      // From different addresses, so only the per-email counter can stop them.
      const response = await post(
        '/login',
        { email, password: `wrong ${attempt}` },
        { 'x-forwarded-for': `10.0.0.${attempt}` },
      );
      expect(response.statusCode).toBe(401);
    }
    const eleventh = await post('/login', { email, password });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ detail: expect.stringMatching(/Too many/) });
    const other = await registerUser(app);
    expect((await post('/login', { email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it.each(['/login', '/register', '/reset-password/request', '/refresh'])(
    'refuse the 61st request within a minute from one address to %s',
    async (url) => {
      app = await buildTestApp();
      // Rejected by validation, which is cheap, and still counted.
      for (let request = 1; request <= 60; request++) expect((await post(url, {})).statusCode).toBe(422);
      const refused = await post(url, {});
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many requests/) });
    },
  );

  it('ignore X-Forwarded-For unless TRUST_PROXY is set, and use it when it is', async () => {
    app = await buildTestApp();
    for (let request = 1; request <= 60; request++) {
      await post('/refresh', {}, { 'x-forwarded-for': `192.0.2.${request}` });
    }
    expect((await post('/refresh', {}, { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
    await app.close();

    app = await buildTestApp({ config: testConfig({ TRUST_PROXY: 'true' }) });
    for (let request = 1; request <= 60; request++)
      await post('/refresh', {}, { 'x-forwarded-for': '192.0.2.1' });
    expect((await post('/refresh', {}, { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(429);
    expect((await post('/refresh', {}, { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(422);
  });

  it('are shared through Redis by every instance when REDIS_URL is set', async (context) => {
    const redisUrl = 'redis://127.0.0.1:6379';
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
    const reachable = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (!reachable) context.skip('no Redis on 127.0.0.1:6379');

    const config = testConfig({ REDIS_URL: redisUrl, TRUST_PROXY: 'true' });
    app = await buildTestApp({ config });
    const other = await buildTestApp({ config: testConfig({ REDIS_URL: redisUrl, TRUST_PROXY: 'true' }) });
    // An address of this run's own, so parallel runs on one Redis do not share a counter.
    const client = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}` };
    try {
      for (let request = 1; request <= 30; request++) {
        await post('/refresh', {}, client);
        await other.inject({ method: 'POST', url: '/api/auth/refresh', payload: {}, headers: client });
      }
      expect((await post('/refresh', {}, client)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
