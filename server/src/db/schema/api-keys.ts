import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * A team's API keys (docs/contract.md section 4, Developer platform). The key itself is never stored: its SHA-256,
 * which a random 256-bit key makes as good as a slow hash, is what a request's key is looked up by. A revoked key
 * stays, so the activity log still names it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The key's first characters, shown in the list. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_hash_idx').on(table.keyHash),
    index('api_keys_tenant_idx').on(table.tenantId, table.createdAt),
    // A credential event retires the keys an account made, in every team (auth/credential-lifecycle.service.ts).
    index('api_keys_created_by_idx').on(table.createdBy),
  ],
);
