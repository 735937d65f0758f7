// Rate limits (docs/contract.md sections 3 to 5), shared by every instance: counted in Redis when REDIS_URL is set, else
// in the database; while Redis is down, in the database too, never not at all. The embedded database is one process's
// own (the data-dir lock), so there they count in memory.
import { createHmac } from 'node:crypto';

import type { ErrorParams } from '@app/contract';
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

import { AppError } from '../lib/app-error.ts';

/** Requests per minute from one client address to each of the limited public routes. */
export const PER_ADDRESS_LIMIT = { max: 60, timeWindow: 60_000 };
/**
 * Signing in, by any way that names an address (a password, single sign-on's start and exchange): one count per
 * client address across them, so that a second way in is not a second allowance (docs/contract.md section 4).
 */
export const SIGN_IN_LIMIT = { ...PER_ADDRESS_LIMIT, shared: 'sign-in' };

/** `shared`: the routes that name the same one count together, rather than each on its own. */
type Limit = { max: number; timeWindow: number; shared?: string };

const ATTEMPT_LIMITS = {
  /** Failed logins for one email within 15 minutes; the next attempt is refused. */
  failedLogins: { max: 10, timeWindow: 15 * 60_000 },
  /** Wrong second-factor codes for one user within 15 minutes (sign-in step, turning two-factor on or off). */
  wrongCodes: { max: 10, timeWindow: 15 * 60_000 },
  /** Invitations (new or resent) one team may mail per hour: a team name is text an attacker can mail to anyone. */
  invitations: { max: 50, timeWindow: 60 * 60_000 },
  /** Verification links one account may have mailed again per hour: each is a mail to an address not yet proven. */
  verificationMails: { max: 5, timeWindow: 60 * 60_000 },
  /** Requests one team API key may make per minute, wherever they land. */
  apiKeyRequests: { max: 600, timeWindow: 60_000 },
  /** Requests one team's SCIM token may make per minute. */
  scimRequests: { max: 600, timeWindow: 60_000 },
  /** DNS lookups one team domain may ask for per hour (its Verify button): each is a query to a resolver. */
  domainChecks: { max: 10, timeWindow: 60 * 60_000 },
} satisfies Record<string, Limit>;

export type AttemptLimits = typeof ATTEMPT_LIMITS;

/** A 429: every rate and attempt limit answers `rate_limited`, its `reason` naming the limit. */
const tooMany = (detail: string, params: ErrorParams<'rate_limited'>) =>
  new AppError('RATE_LIMITED', detail, 'rate_limited', params);

/** What a refused attempt answers, one refusal per limit whichever route counts against it. */
const REFUSALS: Record<keyof AttemptLimits, (limit: Limit) => AppError<'rate_limited'>> = {
  failedLogins: () =>
    tooMany('Too many failed sign-in attempts. Try again later.', { reason: 'failed_sign_ins' }),
  wrongCodes: () => tooMany('Too many wrong codes. Try again later.', { reason: 'wrong_codes' }),
  invitations: ({ max }) =>
    tooMany(`This team has sent ${max} invitations in the last hour. Try again later.`, {
      reason: 'invitations',
      count: max,
    }),
  verificationMails: () =>
    tooMany('Too many verification emails. Try again later.', { reason: 'verification_mails' }),
  apiKeyRequests: ({ max }) =>
    tooMany(`This API key has made ${max} requests in the last minute. Try again later.`, {
      reason: 'api_key_requests',
      count: max,
    }),
  scimRequests: ({ max }) =>
    tooMany(`This SCIM token has made ${max} requests in the last minute. Try again later.`, {
      reason: 'scim_requests',
      count: max,
    }),
  domainChecks: ({ max }) =>
    tooMany(`This domain has been checked ${max} times in the last hour. Try again later.`, {
      reason: 'domain_checks',
      count: max,
    }),
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
  interface FastifyContextConfig {
    /** Requests one client address may make to this route in `timeWindow` ms. */
    rateLimit?: Limit;
  }
  interface FastifyInstance {
    /** The attempt limits in force: the defaults above, or a test's own. */
    limits: AttemptLimits;
    attemptLimit(name: keyof AttemptLimits): AttemptLimit;
  }
}

type LimiterOptions = { keyPrefix: string; points: number; duration: number };

/** A limiter of the store this instance shares with the others (see the top of the file). */
function storeOf(app: FastifyInstance): (options: LimiterOptions) => RateLimiterAbstract {
  const { database, redis } = app;
  const inDatabase = (options: LimiterOptions): RateLimiterAbstract =>
    database.kind === 'postgres'
      ? // The table is the app's own (migration 0021); the daily clean-up removes expired counters (modules/maintenance).
        new RateLimiterPostgres({
          ...options,
          storeClient: database.pool,
          tableName: 'rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: false,
        })
      : new RateLimiterMemory(options);
  if (!redis) return inDatabase;
  return (options) =>
    new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: inDatabase(options) });
}

/** Sets the refusal's Retry-After and throws it when `error` is the limiter's "no points left". */
function refuse(reply: FastifyReply, error: unknown, refusal: (seconds: number) => AppError): never {
  if (!(error instanceof RateLimiterRes)) throw error;
  const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
  reply.header('retry-after', seconds);
  throw refusal(seconds);
}

export const rateLimitsPlugin = fp<{ limits?: Partial<AttemptLimits> | undefined }>(
  async (app: FastifyInstance, options) => {
    app.decorate('limits', { ...ATTEMPT_LIMITS, ...options.limits });
    const store = storeOf(app);
    // A counter's key: fixed length, and no email address or client address in a store, even one guessed and
    // hashed: keyed with the instances' shared secret.
    const keyOf = (key: string) => createHmac('sha256', app.config.jwtSecret).update(key).digest('base64url');

    // Per client address, on each route whose config names a limit; request.ip honours TRUST_PROXY, so
    // X-Forwarded-For is believed only behind a configured proxy.
    // One limiter per count: the routes of a shared one use the same (a memory store's counts live in its limiter).
    const addressLimiters = new Map<string, RateLimiterAbstract>();
    app.addHook('onRoute', (route) => {
      const limit = route.config?.rateLimit;
      if (!limit) return;
      const keyPrefix = limit.shared
        ? `per-address:shared:${limit.shared}`
        : `per-address:${[route.method].flat().join(',')}:${route.url}`;
      const limiter =
        addressLimiters.get(keyPrefix) ??
        store({ keyPrefix, points: limit.max, duration: limit.timeWindow / 1000 });
      addressLimiters.set(keyPrefix, limiter);
      const check: onRequestAsyncHookHandler = async (request, reply) => {
        try {
          await limiter.consume(keyOf(addressKey(request.ip)));
        } catch (error) {
          refuse(reply, error, (seconds) =>
            tooMany(`Too many requests. Try again in ${seconds} seconds.`, {
              reason: 'per_address',
              seconds,
            }),
          );
        }
      };
      const own = route.onRequest ?? [];
      route.onRequest = [check, ...(Array.isArray(own) ? own : [own])];
    });

    // One counter per name, whichever routes ask for it: wrong codes count the same at every route that takes one.
    const limiters = new Map<keyof AttemptLimits, RateLimiterAbstract>();
    const limiterFor = (name: keyof AttemptLimits) => {
      const { max, timeWindow } = app.limits[name];
      const limiter =
        limiters.get(name) ??
        store({ keyPrefix: `attempts:${name}`, points: max, duration: timeWindow / 1000 });
      limiters.set(name, limiter);
      return limiter;
    };
    app.decorate('attemptLimit', (name: keyof AttemptLimits): AttemptLimit => {
      const limiter = limiterFor(name);
      const reserve = async (reply: FastifyReply, key: string) => {
        try {
          await limiter.consume(keyOf(key));
        } catch (error) {
          refuse(reply, error, () => REFUSALS[name](app.limits[name]));
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
            if (!failed) await limiter.reward(keyOf(key));
          }
        },
      };
    });
  },
  { name: 'rate-limits', dependencies: ['errors', 'redis'] },
);
