import { and, desc, eq, exists, ilike, or, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { feedback } from '../../db/schema/feedback.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { users } from '../../db/schema/users.ts';

type Key = readonly [string, string];

/** `q` as a literal substring: its % and _ match themselves. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The outer row's team, spelled out: inside a subquery an unqualified "uuid" would be the subquery's own column. */
const outerTenant = sql`${sql.identifier('tenants')}.${sql.identifier('uuid')}`;

const tenantColumns = {
  uuid: tenants.uuid,
  name: tenants.name,
  description: tenants.description,
  createdAt: tenants.createdAt,
  stripeCustomerId: tenants.stripeCustomerId,
  userCount: sql<number>`(select count(*)::int from ${memberships} where ${memberships.tenantId} = ${outerTenant})`,
  // Subqueries, not a join: the list's LIMIT then applies to tenants alone, read in index order, and each shown
  // row costs one index lookup. A join let the planner hash-join every team before sorting.
  subscriptionStatus: sql<
    string | null
  >`(select ${subscriptions.status} from ${subscriptions} where ${subscriptions.tenantId} = ${outerTenant})`,
  subscriptionPlan: sql<
    string | null
  >`(select ${subscriptions.planId} from ${subscriptions} where ${subscriptions.tenantId} = ${outerTenant})`,
  sortAt: sql<string>`${tenants.createdAt}::text`,
};

/** Every team newest first, optionally those whose name or a member's email contains q. */
export function findTenants(db: Db, { limit, after, q }: { limit: number; after?: Key; q?: string }) {
  const memberEmailMatches = (pattern: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(memberships)
        .innerJoin(users, eq(users.uuid, memberships.userId))
        .where(and(eq(memberships.tenantId, tenants.uuid), ilike(users.email, pattern))),
    );
  return db
    .select(tenantColumns)
    .from(tenants)
    .where(
      and(
        after && sql`(${tenants.createdAt}, ${tenants.uuid}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        q ? or(ilike(tenants.name, containing(q)), memberEmailMatches(containing(q))) : undefined,
      ),
    )
    .orderBy(desc(tenants.createdAt), desc(tenants.uuid))
    .limit(limit);
}

export type TenantRecord = Awaited<ReturnType<typeof findTenants>>[number];

export async function findTenant(db: Db, tenantId: string) {
  const [tenant] = await db.select(tenantColumns).from(tenants).where(eq(tenants.uuid, tenantId));
  return tenant;
}

export function findTenantUsers(db: Db, tenantId: string) {
  return db
    .select({
      uuid: users.uuid,
      email: users.email,
      role: memberships.role,
      isVerified: users.isVerified,
      joinedAt: memberships.joinedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.uuid, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(memberships.joinedAt, memberships.userId);
}

export async function findSubscription(db: Db, tenantId: string) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenantId));
  return subscription;
}

/** All feedback newest first, optionally that whose author's email or team name contains q. */
export function findFeedback(db: Db, { limit, after, q }: { limit: number; after?: Key; q?: string }) {
  return db
    .select({
      uuid: feedback.uuid,
      userEmail: users.email,
      tenantName: tenants.name,
      route: feedback.route,
      message: feedback.message,
      createdAt: feedback.createdAt,
      sortAt: sql<string>`${feedback.createdAt}::text`,
    })
    .from(feedback)
    .leftJoin(users, eq(users.uuid, feedback.userId))
    .leftJoin(tenants, eq(tenants.uuid, feedback.tenantId))
    .where(
      and(
        after &&
          sql`(${feedback.createdAt}, ${feedback.uuid}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        q ? or(ilike(users.email, containing(q)), ilike(tenants.name, containing(q))) : undefined,
      ),
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.uuid))
    .limit(limit);
}
