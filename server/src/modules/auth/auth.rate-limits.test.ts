// docs/contract.md section 3 limits: the 11th failed login for one email in 15 minutes, and the 61st request in a minute
// from one address to each of login, register, reset request and refresh, answer 429 {detail} with Retry-After.
import { randomInt } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
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
    expect(eleventh.json()).toEqual({
      detail: 'Too many failed sign-in attempts. Try again later.',
      code: 'rate_limited',
      params: { reason: 'failed_sign_ins' },
    });
    const other = await registerUser(app);
    expect((await post('/login', { email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it('count a parallel burst of wrong passwords atomically: 10 are checked, the rest refused', async () => {
    app = await buildTestApp({ config: testConfig({ TRUST_PROXY: 'true' }) });
    const { email } = await registerUser(app);
    // From 60 addresses at once, so only the per-email counter can stop them.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post('/login', { email, password: `guess ${i}` }, { 'x-forwarded-for': `10.1.0.${i + 1}` }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
  });

  it('give a success’s reserved attempt back: only failures count', async () => {
    app = await buildTestApp({ config: testConfig({ TRUST_PROXY: 'true' }) });
    const { email, password } = await registerUser(app);
    const attempt = (guess: string, i: number) =>
      post('/login', { email, password: guess }, { 'x-forwarded-for': `10.2.0.${i}` });
    for (let i = 1; i <= 9; i++) expect((await attempt('wrong', i)).statusCode).toBe(401);
    for (let i = 10; i <= 20; i++) expect((await attempt(password, i)).statusCode).toBe(200);
    expect((await attempt('wrong', 21)).statusCode).toBe(401);
    expect((await attempt(password, 22)).statusCode).toBe(429);
  });

  it('count the addresses of one IPv6 /64 as one address', async () => {
    app = await buildTestApp({ config: testConfig({ TRUST_PROXY: 'true' }) });
    for (let request = 1; request <= 60; request++) {
      await post('/refresh', {}, { 'x-forwarded-for': `2001:db8:1:2::${request.toString(16)}` });
    }
    expect(
      (await post('/refresh', {}, { 'x-forwarded-for': '2001:db8:1:2:ffff:eeee:dddd:cccc' })).statusCode,
    ).toBe(429);
    expect((await post('/refresh', {}, { 'x-forwarded-for': '2001:db8:1:3::1' })).statusCode).toBe(422);
    // An IPv4 client written as IPv4-mapped IPv6 is that IPv4 client.
    for (let request = 1; request <= 60; request++)
      await post('/refresh', {}, { 'x-forwarded-for': '192.0.2.7' });
    expect((await post('/refresh', {}, { 'x-forwarded-for': '::ffff:192.0.2.7' })).statusCode).toBe(429);
  });

  it('refuse the 61st set-password request within a minute from one address', async () => {
    app = await buildTestApp();
    const url = '/api/invitations/some-token/set-password';
    for (let request = 1; request <= 60; request++) {
      expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(422);
    }
    const refused = await app.inject({ method: 'POST', url, payload: {} });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/^Too many requests/),
      code: 'rate_limited',
      params: { reason: 'per_address', seconds: Number(refused.headers['retry-after']) },
    });
  });

  it.each(['/login', '/register', '/reset-password/request', '/reset-password/confirm', '/refresh'])(
    'refuse the 61st request within a minute from one address to %s',
    async (url) => {
      app = await buildTestApp();
      // Rejected by validation, which is cheap, and still counted.
      for (let request = 1; request <= 60; request++) expect((await post(url, {})).statusCode).toBe(422);
      const refused = await post(url, {});
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({
        detail: expect.stringMatching(/^Too many requests/),
        code: 'rate_limited',
        params: { reason: 'per_address', seconds: Number(refused.headers['retry-after']) },
      });
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

  // docs/contract.md section 5: without Redis, or while it is down, PostgreSQL holds the counters every instance shares.
  describe.runIf(process.env.DATABASE_URL).each([
    ['without Redis', {}],
    ['while Redis is down', { REDIS_URL: 'redis://127.0.0.1:1' }],
  ])('on PostgreSQL %s', (_, env: NodeJS.ProcessEnv) => {
    it('two instances on one database count one limit per account and per address', async () => {
      const config = testConfig({ ...env, TRUST_PROXY: 'true' });
      app = await buildTestApp({ config });
      const other = await buildApp({ config, database: app.database, webDir: null });
      try {
        const { email } = await registerUser(app);
        const instances = [app, other];
        for (let attempt = 1; attempt <= 10; attempt++) {
          const response = await instances[attempt % 2]!.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: `wrong ${attempt}` },
            headers: { 'x-forwarded-for': `10.3.0.${attempt}` },
          });
          expect(response.statusCode).toBe(401);
        }
        for (const instance of instances) {
          const refused = await instance.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: 'wrong again' },
            headers: { 'x-forwarded-for': '10.3.1.1' },
          });
          expect(refused.statusCode).toBe(429);
          expect(refused.headers['retry-after']).toMatch(/^\d+$/);
        }

        const client = { 'x-forwarded-for': '10.3.2.1' };
        for (let request = 1; request <= 30; request++) {
          for (const instance of instances) {
            const response = await instance.inject({
              method: 'POST',
              url: '/api/auth/refresh',
              payload: {},
              headers: client,
            });
            expect(response.statusCode).toBe(422);
          }
        }
        const sixtyFirst = await other.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: {},
          headers: client,
        });
        expect(sixtyFirst.statusCode).toBe(429);
        // Another client behind the same proxy has a limit of its own.
        const neighbour = await app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: {},
          headers: { 'x-forwarded-for': '10.3.2.2' },
        });
        expect(neighbour.statusCode).toBe(422);
      } finally {
        await other.close();
      }
    });
  });
});
