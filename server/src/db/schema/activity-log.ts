import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { apiKeys } from './api-keys.ts';
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
    /** The team API key that made the change, when a key made it (then actor_id is null). */
    actorKeyId: uuid('actor_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One index: every item created writes an entry, and each more index is paid on the hottest write
  // (docs/decisions/016). The rare reads by action or by actor filter the team's entries or scan.
  (table) => [index('activity_log_tenant_idx').on(table.tenantId, table.createdAt)],
);
