import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';
import { users } from './users.ts';

export const oneTimeTokenPurpose = pgEnum('one_time_token_purpose', [
  'verify_email',
  'reset_password',
  /** The second step of a sign-in with two-factor on: the `mfa_token`, 5 minutes. */
  'second_factor',
  /** An email change, mailed to the new address with that address in `newEmail`. */
  'change_email',
]);

/** Email verification, password reset and email change links, and second-factor sign-in steps: stored hashed, single use, with an expiry (docs/contract.md section 3). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    purpose: oneTimeTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address an email change moves to (purpose change_email). */
    newEmail: text('new_email'),
    /** The user's security stamp when issued: the token is refused once the stamp has moved. */
    stamp: integer('stamp').notNull().default(0),
    /** A second step of a sign-in through this team's single sign-on: the session it opens records the team. */
    ssoTenantId: uuid('sso_tenant_id').references(() => tenants.uuid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('one_time_tokens_user_idx').on(table.userId)],
);
