import { and, asc, eq, isNull, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey } from '../../db/prepared.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { tenants } from '../../db/schema/tenants.ts';

const tenantColumns = {
  uuid: tenants.uuid,
  name: tenants.name,
  description: tenants.description,
  user_role: memberships.role,
};

/** The teams a user belongs to, with their role in each, oldest membership first, from the start or after a key. */
function userTenantsPage(db: Db, afterKey: boolean) {
  return db
    .select({ ...tenantColumns, sortAt: pgTime(memberships.joinedAt) })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.uuid, memberships.tenantId))
    .where(
      and(
        eq(memberships.userId, sql.placeholder('userId')),
        // A team whose directory deactivated them is not theirs to open (its routes refuse them).
        isNull(memberships.deactivatedAt),
        afterKey ? pastKey('>', memberships.joinedAt, memberships.tenantId) : undefined,
      ),
    )
    .orderBy(asc(memberships.joinedAt), asc(memberships.tenantId))
    .limit(sql.placeholder('limit'))
    .prepare(afterKey ? 'user_tenants_page_after' : 'user_tenants_page');
}
// Every page load of the app asks for it: built and planned once per connection.
const userTenantsPages = keysetPages(userTenantsPage);

export function findUserTenants(db: Db, userId: string, limit: number, after?: readonly [string, string]) {
  return userTenantsPages(db, { userId, limit }, after);
}

export async function getTenantForMember(db: Db, tenantId: string, userId: string) {
  const [tenant] = await db
    .select(tenantColumns)
    .from(memberships)
    .innerJoin(tenants, eq(tenants.uuid, memberships.tenantId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return tenant;
}

export async function insertTenant(db: Db, values: { name: string; description: string | null }) {
  const [tenant] = await db.insert(tenants).values(values).returning();
  return tenant!;
}

export async function updateTenant(
  db: Db,
  tenantId: string,
  values: { name: string; description?: string | null },
) {
  await db.update(tenants).set(values).where(eq(tenants.uuid, tenantId));
}

export async function updateTeamRules(
  db: Db,
  tenantId: string,
  rules: { requireSso?: boolean; requireTwoFactor?: boolean },
) {
  await db.update(tenants).set(rules).where(eq(tenants.uuid, tenantId));
}

/** Turns require_sso off while it is on; whether this call did (of two at once, one does). */
export async function turnOffRequireSso(db: Db, tenantId: string): Promise<boolean> {
  const changed = await db
    .update(tenants)
    .set({ requireSso: false })
    .where(and(eq(tenants.uuid, tenantId), eq(tenants.requireSso, true)))
    .returning({ uuid: tenants.uuid });
  return changed.length > 0;
}

/** Memberships and invitations go with the team (foreign keys cascade). */
export async function deleteTenant(db: Db, tenantId: string) {
  await db.delete(tenants).where(eq(tenants.uuid, tenantId));
}

/** Keeps the first customer stored: two concurrent checkouts cannot replace each other's. */
export async function setStripeCustomerId(db: Db, tenantId: string, customerId: string) {
  await db
    .update(tenants)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(tenants.uuid, tenantId), sql`${tenants.stripeCustomerId} is null`));
}

/**
 * Locks the team's row until the transaction ends: additions counted against its plan queue here, so two cannot
 * both take the last place. Whether the team exists.
 */
export async function lockTenant(db: Db, tenantId: string) {
  const [tenant] = await db
    .select({ uuid: tenants.uuid })
    .from(tenants)
    .where(eq(tenants.uuid, tenantId))
    // NO KEY UPDATE: rows that merely reference the team (an item, an invitation inserted before the lock, with
    // their KEY SHARE) neither wait for it nor deadlock with it; additions still queue one behind the other.
    .for('no key update');
  return tenant !== undefined;
}

export async function findTenantName(db: Db, tenantId: string) {
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.uuid, tenantId));
  return tenant?.name;
}

/** Every team a user belongs to, with their role, when they joined and how many members it has: memberships_user_idx. */
export async function findUserTeams(db: Db, userId: string) {
  return db
    .select({
      uuid: tenants.uuid,
      name: tenants.name,
      role: memberships.role,
      joinedAt: isoTime(memberships.joinedAt),
      memberCount: tenants.memberCount,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.uuid, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.joinedAt), asc(memberships.tenantId));
}
