import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * A team's SCIM token (docs/contract.md section 4, Enterprise identity): one a team, so making one replaces the last.
 * Only its SHA-256 is kept, as for API keys. Revoking deletes the row: a request in flight finds no token.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Its maker: it dies with their admin role (auth/credential-lifecycle.service.ts, `made`). */
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('scim_tokens_hash_idx').on(table.tokenHash),
    index('scim_tokens_created_by_idx').on(table.createdBy),
  ],
);
