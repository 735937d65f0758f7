import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { teamRole } from './memberships.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** Single-use invitation links, stored as the token's hash (docs/contract.md section 3: 7 days). */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: teamRole('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.uuid, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Who accepted, so set-password can check it is that account. */
    acceptedBy: uuid('accepted_by').references(() => users.uuid, { onDelete: 'set null' }),
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
    /** The accepting account's security stamp then: its set-password link dies when the stamp moves. */
    acceptedStamp: integer('accepted_stamp'),
    /**
     * The security stamp of the invited address's account when the link was mailed (0, a new account's, when there
     * was none): the link signs into a verified account only while the stamp has not moved since.
     */
    inviteeStamp: integer('invitee_stamp').notNull().default(0),
    /** That account's id (not a foreign key: it outlives the account), so a link never opens one made again later. */
    inviteeId: uuid('invitee_id'),
    /** Revoked by an admin, or replaced by a resent link: the token no longer opens anything. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invitations_tenant_idx').on(table.tenantId, table.createdAt),
    // The Team page's pending list: one team's open invitations, newest first, as keyset pages read them.
    index('invitations_tenant_pending_idx')
      .on(table.tenantId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    // A credential event retires the pending invitations an account sent (auth/credential-lifecycle.service.ts).
    index('invitations_pending_sent_by_idx')
      .on(table.invitedBy)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);
