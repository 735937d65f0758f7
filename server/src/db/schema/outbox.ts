import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mail waiting to be delivered, written in the same transaction as the change that causes it
 * (docs/contract.md section 3, Email). The worker delivers rows whose next_attempt_at has come, and marks them sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The worker's query: unsent mail that is due, the longest due first.
  (table) => [
    index('outbox_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.sentAt} is null`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
