import { date, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Accounts by the UTC day they signed up on, and how many of those are verified: kept by triggers on `users`
 * (migration 0016), so the operators' figures read a row per day, not every account (docs/decisions/017).
 */
export const signupsByDay = pgTable('signups_by_day', {
  day: date('day', { mode: 'string' }).primaryKey(),
  users: integer('users').notNull().default(0),
  verifiedUsers: integer('verified_users').notNull().default(0),
});
