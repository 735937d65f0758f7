// The Redis connection when REDIS_URL is set: rate limits share their counters through it (plugins/rate-limits.ts) and
// readiness checks it (modules/health). An outage is logged once when it begins and once when it ends.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined without REDIS_URL. */
    redis: Redis | undefined;
  }
}

export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const { redisUrl } = app.config;
    if (!redisUrl) {
      app.decorate('redis', undefined);
      return;
    }
    const redis = new Redis(redisUrl, {
      connectTimeout: 2000,
      // A Redis that stops answering without closing the connection (a network partition) fails a command after a
      // second, and the limit counts in the database, instead of holding the request for as long as TCP waits.
      commandTimeout: 1000,
      maxRetriesPerRequest: 1,
      // While Redis is down a command fails at once, so a rate limit falls back to the database instead of waiting.
      enableOfflineQueue: false,
      // Reconnect every 2 s at most, for as long as it takes.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Without a listener ioredis writes every failed reconnect to stderr, unstructured.
    let isDown = false;
    redis.on('error', (error) => {
      if (isDown) return;
      isDown = true;
      app.log.error(
        { err: error },
        'Redis is unavailable: rate limits count in the database until it is back',
      );
    });
    redis.on('ready', () => {
      if (!isDown) return;
      isDown = false;
      app.log.info('Redis is available again');
    });
    // Counters taken before the first connection would go to the database: wait for it, or for it to fail.
    await new Promise<void>((resolve) => {
      redis.once('ready', resolve);
      redis.once('error', () => resolve());
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  },
  { name: 'redis' },
);
