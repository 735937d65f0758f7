import { and, asc, count, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

import type { Db } from '../../../db/client.ts';
import { isoTime } from '../../../db/iso-time.ts';
import { directoryProfiles, memberships } from '../../../db/schema/memberships.ts';
import { users } from '../../../db/schema/users.ts';
import { onVerifiedDomain } from '../team-rules.repository.ts';
import type { DirectoryMember } from './scim-user.ts';

const columns = {
  userId: memberships.userId,
  email: users.email,
  role: memberships.role,
  active: sql<boolean>`${memberships.deactivatedAt} is null`,
  externalId: directoryProfiles.externalId,
  givenName: directoryProfiles.givenName,
  familyName: directoryProfiles.familyName,
  displayName: directoryProfiles.displayName,
  // When they became a member of the team, whoever added them: it does not move when the directory takes them over.
  created: isoTime(memberships.joinedAt),
  lastModified: isoTime(sql`greatest(${directoryProfiles.updatedAt}, ${memberships.joinedAt})`),
};

type Row = { [K in keyof typeof columns]: unknown } & {
  userId: string;
  email: string;
  role: DirectoryMember['role'];
  active: boolean;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  created: string;
  lastModified: string;
};

const toMember = ({ externalId, givenName, familyName, displayName, ...row }: Row): DirectoryMember => ({
  ...row,
  profile: { externalId, givenName, familyName, displayName },
});

/**
 * The team's members SCIM sees, meeting `condition` when given: those on one of its verified domains, and those its
 * directory manages wherever their address has gone since (a leaver who moved their account to another address is
 * still the directory's to deactivate).
 */
function directoryMembers<Q extends PgSelect>(query: Q, tenantId: string, condition: SQL | undefined) {
  return query
    .innerJoin(users, eq(users.uuid, memberships.userId))
    .leftJoin(
      directoryProfiles,
      and(
        eq(directoryProfiles.tenantId, memberships.tenantId),
        eq(directoryProfiles.userId, memberships.userId),
      ),
    )
    .where(
      and(
        eq(memberships.tenantId, tenantId),
        or(onVerifiedDomain(tenantId), isNotNull(directoryProfiles.userId)),
        condition,
      ),
    );
}

/** One page of them, in the order they joined, and how many there are in all. */
export async function findDirectoryMembers(
  db: Db,
  tenantId: string,
  condition: SQL | undefined,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ members: DirectoryMember[]; total: number }> {
  const [{ total } = { total: 0 }] = await directoryMembers(
    db.select({ total: count() }).from(memberships).$dynamic(),
    tenantId,
    condition,
  );
  if (limit === 0 || offset >= total) return { members: [], total };
  const rows = await directoryMembers(db.select(columns).from(memberships).$dynamic(), tenantId, condition)
    .orderBy(asc(memberships.joinedAt), asc(memberships.userId))
    .offset(offset)
    .limit(limit);
  return { members: (rows as Row[]).map(toMember), total };
}

export async function findDirectoryMember(db: Db, tenantId: string, userId: string) {
  const [row] = await directoryMembers(
    db.select(columns).from(memberships).$dynamic(),
    tenantId,
    eq(memberships.userId, userId),
  );
  return row && toMember(row as Row);
}
