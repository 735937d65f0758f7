import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance on PostgreSQL without Redis, and while Redis is down: the table of
 * rate-limiter-flexible's RateLimiterPostgres, in its shape (plugins/rate-limits.ts). `expire` is epoch ms.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
