import { and, asc, count, eq, gt, isNotNull, ne } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { teamDomains } from '../../db/schema/domains.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { users } from '../../db/schema/users.ts';

export type DomainRow = typeof teamDomains.$inferSelect;

export async function findDomains(db: Db, tenantId: string): Promise<DomainRow[]> {
  return db
    .select()
    .from(teamDomains)
    .where(eq(teamDomains.tenantId, tenantId))
    .orderBy(asc(teamDomains.createdAt), asc(teamDomains.domain));
}

export async function findDomain(db: Db, tenantId: string, id: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(teamDomains)
    .where(and(eq(teamDomains.tenantId, tenantId), eq(teamDomains.id, id)));
  return row;
}

export async function countDomains(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamDomains).where(eq(teamDomains.tenantId, tenantId));
  return row?.n ?? 0;
}

/** The new row, or undefined when the team has added that domain already. */
export async function insertDomain(
  db: Db,
  values: Pick<DomainRow, 'tenantId' | 'domain' | 'txtValue' | 'createdBy'>,
): Promise<DomainRow | undefined> {
  const [row] = await db.insert(teamDomains).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markVerified(db: Db, tenantId: string, id: string, at: Date): Promise<DomainRow> {
  const [row] = await db
    .update(teamDomains)
    .set({ verifiedAt: at })
    .where(and(eq(teamDomains.tenantId, tenantId), eq(teamDomains.id, id)))
    .returning();
  return row!;
}

export async function deleteDomain(db: Db, tenantId: string, id: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .delete(teamDomains)
    .where(and(eq(teamDomains.tenantId, tenantId), eq(teamDomains.id, id)))
    .returning();
  return row;
}

/** Whether a team other than `tenantId` has verified `domain`: asked as the app's role, which sees every team. */
export async function isVerifiedElsewhere(db: Db, tenantId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamDomains.id })
    .from(teamDomains)
    .where(
      and(
        eq(teamDomains.domain, domain),
        isNotNull(teamDomains.verifiedAt),
        ne(teamDomains.tenantId, tenantId),
      ),
    );
  return row !== undefined;
}

/** The team's name and its owner's address and language, for the notice of a change: as the app's role. */
export async function findOwner(db: Db, tenantId: string) {
  const [row] = await db
    .select({ team: tenants.name, email: users.email, locale: users.locale })
    .from(tenants)
    .innerJoin(memberships, and(eq(memberships.tenantId, tenants.uuid), eq(memberships.role, 'owner')))
    .innerJoin(users, eq(users.uuid, memberships.userId))
    .where(eq(tenants.uuid, tenantId));
  return row;
}

/** Whether the account is an admin or the owner of the team now. */
export async function isAdmin(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return row?.role === 'admin' || row?.role === 'owner';
}

/** The acting member's address, for the notice: as the app's role. */
export async function findEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.uuid, userId));
  return row?.email;
}

/** Verified domains of every team after `afterId`, by id: the daily check's batches, as the app's role. */
export async function findVerifiedAfter(db: Db, afterId: string, limit: number): Promise<DomainRow[]> {
  return db
    .select()
    .from(teamDomains)
    .where(and(isNotNull(teamDomains.verifiedAt), gt(teamDomains.id, afterId)))
    .orderBy(asc(teamDomains.id))
    .limit(limit);
}

export async function setMissingSince(db: Db, id: string, since: Date | null): Promise<void> {
  await db.update(teamDomains).set({ missingSince: since }).where(eq(teamDomains.id, id));
}

/**
 * The domain is the team's no more: unverified, free for another team to verify; only while it is as the check read
 * it (verified, missing since `since`). Whether it was.
 */
export async function unverify(db: Db, id: string, since: Date): Promise<boolean> {
  const rows = await db
    .update(teamDomains)
    .set({ verifiedAt: null, missingSince: null })
    .where(
      and(eq(teamDomains.id, id), isNotNull(teamDomains.verifiedAt), eq(teamDomains.missingSince, since)),
    )
    .returning({ id: teamDomains.id });
  return rows.length > 0;
}
