// Rate limits (docs/contract.md sections 3 and 4), counted in Redis when REDIS_URL is set so every instance enforces one limit.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

import { AppError } from '../lib/app-error.ts';

/** Requests per minute from one client address to each of the limited public routes. */
export const PER_ADDRESS_LIMIT = { max: 60, timeWindow: 60_000 };

type Limit = { max: number; timeWindow: number };

const ATTEMPT_LIMITS = {
  /** Failed logins for one email within 15 minutes; the next attempt is refused. */
  failedLogins: { max: 10, timeWindow: 15 * 60_000 },
  /** Wrong second-factor codes for one user within 15 minutes (sign-in step, turning two-factor on or off). */
  wrongCodes: { max: 10, timeWindow: 15 * 60_000 },
  /** Invitations (new or resent) one team may mail per hour: a team name is text an attacker can mail to anyone. */
  invitations: { max: 50, timeWindow: 60 * 60_000 },
} satisfies Record<string, Limit>;

export type AttemptLimits = typeof ATTEMPT_LIMITS;

/** What a refused attempt answers, one text per limit whichever route counts against it. */
const REFUSALS: Record<keyof AttemptLimits, (limit: Limit) => string> = {
  failedLogins: () => 'Too many failed sign-in attempts. Try again later.',
  wrongCodes: () => 'Too many wrong codes. Try again later.',
  invitations: ({ max }) => `This team has sent ${max} invitations in the last hour. Try again later.`,
};

/**
 * The key of a client address: an IPv6 client gets a whole /64 (one customer's allocation, which it can rotate
 * through freely), so each of its addresses does not get a limit of its own. IPv4-mapped IPv6 is the IPv4 address.
 */
function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * A limit on attempts that is reserved before the attempt and released when it succeeds, so a burst of parallel
 * attempts cannot read the counter before any of them has added to it.
 */
type AttemptLimit = {
  /** Counts one attempt, or refuses with 429 {detail} and Retry-After when the limit is reached. */
  reserve(reply: FastifyReply, key: string): Promise<void>;
  /**
   * Runs one attempt: reserved before it runs, and given back unless it failed as `counts` says (only the failures
   * the limit is about count: an outage must not lock anyone out).
   */
  attempt<T>(
    reply: FastifyReply,
    key: string,
    run: () => Promise<T>,
    counts: (error: unknown) => boolean,
  ): Promise<T>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The attempt limits in force: the defaults above, or a test's own. */
    limits: AttemptLimits;
    attemptLimit(name: keyof AttemptLimits): AttemptLimit;
  }
}

export const rateLimitsPlugin = fp<{ limits?: Partial<AttemptLimits> | undefined }>(
  async (app: FastifyInstance, options) => {
    app.decorate('limits', { ...ATTEMPT_LIMITS, ...options.limits });
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));

    await app.register(rateLimit, {
      // Opt-in per route (config.rateLimit); attempt limits below.
      global: false,
      nameSpace: 'tessera-rate-limit:',
      // Redis being down must not lock everyone out of signing in: limits pause, requests go on.
      skipOnError: true,
      ...(redis ? { redis } : {}),
      // request.ip honours TRUST_PROXY: X-Forwarded-For is believed only behind a configured proxy.
      keyGenerator: (request) => addressKey(request.ip),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'RATE_LIMITED',
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });

    // One counter per name, whichever routes ask for it: wrong codes count the same at every route that takes one.
    const limiters = new Map<keyof AttemptLimits, RateLimiterMemory | RateLimiterRedis>();
    const limiterFor = (name: keyof AttemptLimits) => {
      const { max, timeWindow } = app.limits[name];
      const options = { keyPrefix: `tessera-attempts:${name}`, points: max, duration: timeWindow / 1000 };
      const limiter =
        limiters.get(name) ??
        (redis
          ? new RateLimiterRedis({
              ...options,
              storeClient: redis,
              // While Redis is down each instance counts on its own rather than not at all.
              insuranceLimiter: new RateLimiterMemory(options),
            })
          : new RateLimiterMemory(options));
      limiters.set(name, limiter);
      return limiter;
    };
    app.decorate('attemptLimit', (name: keyof AttemptLimits): AttemptLimit => {
      const limiter = limiterFor(name);
      const refusal = REFUSALS[name](app.limits[name]);
      const reserve = async (reply: FastifyReply, key: string) => {
        try {
          await limiter.consume(key);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          reply.header('retry-after', Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
          throw new AppError('RATE_LIMITED', refusal);
        }
      };
      return {
        reserve,
        attempt: async (reply, key, run, counts) => {
          await reserve(reply, key);
          let failed = false;
          try {
            return await run();
          } catch (error) {
            failed = counts(error);
            throw error;
          } finally {
            if (!failed) await limiter.reward(key);
          }
        },
      };
    });
  },
  { name: 'rate-limits', dependencies: ['errors'] },
);
