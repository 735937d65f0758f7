import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { OPERATOR_ACTIONS } from '@app/contract/constants';

import { users } from './users.ts';

/**
 * What operators did to accounts (suspensions, impersonations): the audit list on /admin. The emails are kept as
 * they were, so an entry outlives both accounts.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    operatorId: uuid('operator_id').references(() => users.uuid, { onDelete: 'set null' }),
    operatorEmail: text('operator_email').notNull(),
    action: text('action', { enum: OPERATOR_ACTIONS }).notNull(),
    targetUserId: uuid('target_user_id').references(() => users.uuid, { onDelete: 'set null' }),
    targetEmail: text('target_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_audit_newest_idx').on(table.createdAt, table.uuid)],
);
