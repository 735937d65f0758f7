import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** What users tell us, with the page they were on. Read only by super admins, newest first. */
export const feedback = pgTable(
  'feedback',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.uuid, { onDelete: 'set null' }),
    route: text('route').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_newest_idx').on(table.createdAt.desc().nullsFirst(), table.uuid.desc().nullsFirst()),
    index('feedback_tenant_idx').on(table.tenantId),
    index('feedback_user_idx').on(table.userId),
  ],
);
