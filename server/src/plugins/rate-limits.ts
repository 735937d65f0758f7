// Rate limits (CONTRACT section 3), counted in Redis when REDIS_URL is set so every instance enforces one limit.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

import { AppError } from '../lib/app-error.ts';

/** Requests per minute from one client address to each of login, register, reset request and refresh. */
export const PER_ADDRESS_LIMIT = { max: 60, timeWindow: 60_000 };

/** Failed logins for one email within 15 minutes; the next attempt is refused. */
export const FAILED_LOGIN_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));

    await app.register(rateLimit, {
      // Opt-in per route (config.rateLimit), plus app.createRateLimit for the failed-login counter.
      global: false,
      nameSpace: 'tessera-rate-limit:',
      // Redis being down must not lock everyone out of signing in: limits pause, requests go on.
      skipOnError: true,
      ...(redis ? { redis } : {}),
      // request.ip honours TRUST_PROXY: X-Forwarded-For is believed only behind a configured proxy.
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'RATE_LIMITED',
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  },
  { name: 'rate-limits', dependencies: ['errors'] },
);
