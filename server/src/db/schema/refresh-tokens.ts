import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users.ts';

/**
 * Opaque refresh tokens, stored only as their SHA-256 hash. Each rotation adds a row to the same family;
 * presenting a row that was already rotated (replaced_at set) revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the session (the family) began: copied forward on each rotation. */
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser and address this token was issued to: the session's device and its last address. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * The operator viewing as this user (docs/contract.md section 4, Operators): the session's access tokens name
     * them in `act`, and the session ends at its first token's expiry, however often it is refreshed.
     */
    impersonatorId: uuid('impersonator_id').references(() => users.uuid, { onDelete: 'cascade' }),
    /**
     * The team whose single sign-on began the session: it ends 24 hours after it began, however often it is refreshed
     * (docs/contract.md section 4, Enterprise identity). No foreign key: the session keeps its fixed end, and its
     * origin, when the team is deleted.
     */
    ssoTenantId: uuid('sso_tenant_id'),
    /** The session passed a second factor: began with the TOTP step or a passkey, or set one up since. */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    // A user's open sessions, most recently used first (GET /auth/sessions), read backwards: an index declared
    // DESC is NULLS LAST, which cannot serve ORDER BY ... DESC (NULLS FIRST).
    index('refresh_tokens_user_live_idx')
      .on(table.userId, table.createdAt, table.familyId)
      .where(sql`${table.revokedAt} is null and ${table.replacedAt} is null`),
    // Deleting an operator ends their impersonations: found by this, not by a scan of every token.
    index('refresh_tokens_impersonator_idx')
      .on(table.impersonatorId)
      .where(sql`${table.impersonatorId} is not null`),
  ],
);
