import { ROLES } from '@app/contract/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';
import { users } from './users.ts';

export const teamRole = pgEnum('team_role', ROLES);

/** Who belongs to which team, as what. The tenant id leads the key: every tenant query starts from it. */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    role: teamRole('role').notNull(),
    /** How the member joined when not by invitation or founding: through the team's single sign-on (or SCIM). */
    joinedThrough: text('joined_through', { enum: ['sso', 'scim'] }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the team's directory has them deactivated (SCIM `active: false`): listed, but shut out of the team. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId] }),
    // Keyset pages: a user's teams by join date, a team's members by join date.
    index('memberships_user_idx').on(table.userId, table.joinedAt, table.tenantId),
    index('memberships_tenant_joined_idx').on(table.tenantId, table.joinedAt, table.userId),
    // At most one owner per team; a deferred trigger (migration 0008) makes it at least one at every commit.
    uniqueIndex('memberships_one_owner_idx')
      .on(table.tenantId)
      .where(sql`${table.role} = 'owner'`),
  ],
);

/**
 * Who an admin took out of a team (or, with SCIM, the directory): a sign-in through the team's single sign-on does not
 * make them a member again. An invitation they accept clears it.
 */
export const memberRemovals = pgTable(
  'member_removals',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.userId] })],
);

/**
 * What the team's directory says of a member it manages, kept beside the membership (SCIM never changes an account):
 * its id for them, their names. A row means the directory owns the membership; it goes with the membership.
 */
export const directoryProfiles = pgTable(
  'directory_profiles',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    externalId: text('external_id'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    displayName: text('display_name'),
    /** The directory made the account (or reclaimed it unverified): its single sign-on may sign them in unlinked. */
    accountMade: boolean('account_made').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId] }),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [memberships.tenantId, memberships.userId],
    }).onDelete('cascade'),
  ],
);
