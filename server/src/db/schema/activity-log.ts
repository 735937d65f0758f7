import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users.ts';

/**
 * Who did what to a team: invited, removed, changed a role, renamed, transferred or deleted it. Not tied to the
 * tenant by a foreign key, so the record of a deletion outlives the team.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').notNull(),
    actorId: uuid('actor_id').references(() => users.uuid, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_log_tenant_idx').on(table.tenantId, table.createdAt),
    // The activity page filtered by action, newest first.
    index('activity_log_tenant_action_idx').on(table.tenantId, table.action, table.createdAt),
    // A user's own entries: their data export, and the set null when their account goes.
    index('activity_log_actor_idx').on(table.actorId),
  ],
);
