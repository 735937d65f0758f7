import type { Role } from '@app/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey } from '../../db/prepared.ts';
import { directoryProfiles, memberRemovals, memberships } from '../../db/schema/memberships.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { users } from '../../db/schema/users.ts';

const memberColumns = {
  uuid: memberships.userId,
  email: users.email,
  role: memberships.role,
  joinedAt: isoTime(memberships.joinedAt),
  managedByDirectory: sql<boolean>`${directoryProfiles.userId} is not null`,
  active: sql<boolean>`${memberships.deactivatedAt} is null`,
  /** The exact sort key for the cursor (see lib/pagination.ts). */
  sortAt: pgTime(memberships.joinedAt),
};

/** A member's directory profile, if the team's directory manages them. */
const profileOfMember = and(
  eq(directoryProfiles.tenantId, memberships.tenantId),
  eq(directoryProfiles.userId, memberships.userId),
);

/**
 * A team's members in the order they joined (the creator first), from the start or after a cursor's key:
 * memberships_tenant_joined_idx. Built and planned once per connection, like the items page.
 */
function membersPage(db: Db, afterKey: boolean) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.uuid, memberships.userId))
    .leftJoin(directoryProfiles, profileOfMember)
    .where(
      and(
        eq(memberships.tenantId, sql.placeholder('tenantId')),
        afterKey ? pastKey('>', memberships.joinedAt, memberships.userId) : undefined,
      ),
    )
    .orderBy(asc(memberships.joinedAt), asc(memberships.userId))
    .limit(sql.placeholder('limit'))
    .prepare(afterKey ? 'members_page_after' : 'members_page');
}
const membersPages = keysetPages(membersPage);

export function findMembers(db: Db, tenantId: string, limit: number, after?: readonly [string, string]) {
  return membersPages(db, { tenantId, limit }, after);
}

export async function getMember(db: Db, tenantId: string, userId: string) {
  const [member] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.uuid, memberships.userId))
    .leftJoin(directoryProfiles, profileOfMember)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return member;
}

export async function isMemberByEmail(db: Db, tenantId: string, email: string) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.uuid, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(users.email, email)));
  return row !== undefined;
}

export async function isMember(db: Db, tenantId: string, userId: string) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return row !== undefined;
}

/** Notes that an admin took the user out of the team (memberRemovals), when they did. */
export async function recordRemoval(db: Db, tenantId: string, userId: string, at: Date) {
  await db
    .insert(memberRemovals)
    .values({ tenantId, userId, removedAt: at })
    .onConflictDoUpdate({ target: [memberRemovals.tenantId, memberRemovals.userId], set: { removedAt: at } });
}

export async function clearRemoval(db: Db, tenantId: string, userId: string) {
  await db
    .delete(memberRemovals)
    .where(and(eq(memberRemovals.tenantId, tenantId), eq(memberRemovals.userId, userId)));
}

export async function wasRemoved(db: Db, tenantId: string, userId: string) {
  const [row] = await db
    .select({ userId: memberRemovals.userId })
    .from(memberRemovals)
    .where(and(eq(memberRemovals.tenantId, tenantId), eq(memberRemovals.userId, userId)));
  return row !== undefined;
}

/**
 * Sets a member's role (only while it is `from`, when given; only of one the directory has not deactivated, with
 * `active`); whether a row changed.
 */
export async function updateRole(
  db: Db,
  tenantId: string,
  userId: string,
  role: Role,
  { from, active }: { from?: Role; active?: true } = {},
) {
  const updated = await db
    .update(memberships)
    .set({ role })
    .where(
      and(
        eq(memberships.tenantId, tenantId),
        eq(memberships.userId, userId),
        from === undefined ? undefined : eq(memberships.role, from),
        active ? isNull(memberships.deactivatedAt) : undefined,
      ),
    )
    .returning({ userId: memberships.userId });
  return updated.length > 0;
}

/** The team's members who hold a seat (not deactivated), as the memberships' trigger keeps it on the team's row. */
export async function countActiveMembers(db: Db, tenantId: string) {
  const [tenant] = await db
    .select({ seats: tenants.seatCount })
    .from(tenants)
    .where(eq(tenants.uuid, tenantId));
  return tenant?.seats ?? 0;
}

export type DirectoryProfile = {
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
};

/** Writes what the team's directory says of a member: from then on it manages them. */
export async function saveDirectoryProfile(
  db: Db,
  tenantId: string,
  userId: string,
  profile: DirectoryProfile,
  now: Date,
  accountMade = false,
) {
  await db
    .insert(directoryProfiles)
    .values({ tenantId, userId, ...profile, accountMade, updatedAt: now })
    .onConflictDoUpdate({
      target: [directoryProfiles.tenantId, directoryProfiles.userId],
      set: { ...profile, updatedAt: now },
    });
}

/** Whether the team's directory made the member's account (directoryProfiles.accountMade). */
export async function isAccountMadeByDirectory(db: Db, tenantId: string, userId: string) {
  const [row] = await db
    .select({ made: directoryProfiles.accountMade })
    .from(directoryProfiles)
    .where(and(eq(directoryProfiles.tenantId, tenantId), eq(directoryProfiles.userId, userId)));
  return row?.made === true;
}
