import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  uuid: uuid('uuid')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  // Stored trimmed and lower-cased, so the unique constraint is case-insensitive (docs/contract.md section 3).
  email: text('email').notNull().unique(),
  // Null for invited and Google users until they set one.
  passwordHash: text('password_hash'),
  isVerified: boolean('is_verified').notNull().default(false),
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
