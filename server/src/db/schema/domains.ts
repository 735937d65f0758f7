import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * The domains a team proves it holds (docs/contract.md section 4, Enterprise identity) with a DNS TXT record holding
 * `txt_value`, random per row: a record published for one team proves nothing for another. A team adds a domain once;
 * any number of teams may have added it, but one at most has verified it.
 */
export const teamDomains = pgTable(
  'team_domains',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    /** Lower case, no trailing dot. */
    domain: text('domain').notNull(),
    txtValue: text('txt_value').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Since when the daily check has not found the record of a verified domain; cleared when it is found again. */
    missingSince: timestamp('missing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('team_domains_tenant_domain_idx').on(table.tenantId, table.domain),
    uniqueIndex('team_domains_verified_idx')
      .on(table.domain)
      .where(sql`${table.verifiedAt} is not null`),
  ],
);
