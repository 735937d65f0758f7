import type { OperatorAction } from '@app/contract';
import { and, count, desc, eq, exists, gte, ilike, or, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey } from '../../db/prepared.ts';
import { plans, subscriptions } from '../../db/schema/billing.ts';
import { feedback } from '../../db/schema/feedback.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { operatorAudit } from '../../db/schema/operator-audit.ts';
import { signupsByDay } from '../../db/schema/signups-by-day.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { users } from '../../db/schema/users.ts';

type Key = readonly [string, string];

/** `q` as a literal substring: its % and _ match themselves. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function tenantsWithCounts(db: Db) {
  return db
    .select({
      uuid: tenants.uuid,
      name: tenants.name,
      description: tenants.description,
      createdAt: isoTime(tenants.createdAt),
      stripeCustomerId: tenants.stripeCustomerId,
      // Kept by the memberships' trigger (migration 0009): a column read, not a count per shown team.
      userCount: tenants.memberCount,
      // Mirrored from the team's subscription by its trigger (migration 0010): no lookup per shown team.
      subscriptionStatus: tenants.subscriptionStatus,
      subscriptionPlan: tenants.subscriptionPlan,
      sortAt: pgTime(tenants.createdAt),
    })
    .from(tenants);
}

/** Every team newest first, after a cursor's key, optionally those whose name or a member's email matches. */
function tenantsPage(db: Db, afterKey: boolean, search: boolean) {
  const pattern = sql.placeholder('pattern');
  const memberEmailMatches = exists(
    db
      .select({ one: sql`1` })
      .from(memberships)
      .innerJoin(users, eq(users.uuid, memberships.userId))
      .where(and(eq(memberships.tenantId, tenants.uuid), ilike(users.email, pattern))),
  );
  return tenantsWithCounts(db)
    .where(
      and(
        afterKey ? pastKey('<', tenants.createdAt, tenants.uuid) : undefined,
        search ? or(ilike(tenants.name, pattern), memberEmailMatches) : undefined,
      ),
    )
    .orderBy(desc(tenants.createdAt), desc(tenants.uuid))
    .limit(sql.placeholder('limit'))
    .prepare(`admin_tenants${afterKey ? '_after' : ''}${search ? '_search' : ''}`);
}
// One statement per shape, built and planned once per connection, not on every page.
const pages = [false, true].map((search) => keysetPages((db, afterKey) => tenantsPage(db, afterKey, search)));

export function findTenants(db: Db, { limit, after, q }: { limit: number; after?: Key; q?: string }) {
  return pages[q ? 1 : 0]!(db, { limit, ...(q && { pattern: containing(q) }) }, after);
}

export type TenantRecord = Awaited<ReturnType<typeof findTenants>>[number];

export async function findTenant(db: Db, tenantId: string) {
  const [tenant] = await tenantsWithCounts(db).where(eq(tenants.uuid, tenantId));
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
      sortAt: pgTime(feedback.createdAt),
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

/** The operators' head counts, read in parallel; accounts from their days' counts (a row per day, not per account). */
export async function countTeamsAndUsers(db: Db) {
  const [teams, [people]] = await Promise.all([
    db.$count(tenants),
    db
      .select({
        users: sql<number>`coalesce(sum(${signupsByDay.users}), 0)`.mapWith(Number),
        verifiedUsers: sql<number>`coalesce(sum(${signupsByDay.verifiedUsers}), 0)`.mapWith(Number),
      })
      .from(signupsByDay),
  ]);
  return { teams, ...people! };
}

/**
 * Active subscriptions per plan and interval, and the seats they bill (a flat plan's subscription bills one), with the
 * plan's currency and prices: a few rows, summed per currency by the caller. The status is a literal so that the
 * partial index (subscriptions_active_idx) answers it.
 */
export function countActiveSubscriptions(db: Db) {
  const active = db
    .select({
      planId: subscriptions.planId,
      interval: subscriptions.interval,
      count: count().as('count'),
      seats: sql<number>`sum(${subscriptions.quantity})::int`.as('seats'),
    })
    .from(subscriptions)
    .where(sql`${subscriptions.status} = 'active'`)
    .groupBy(subscriptions.planId, subscriptions.interval)
    .as('active');
  return db
    .select({
      currency: plans.currency,
      interval: active.interval,
      count: active.count,
      seats: active.seats,
      priceMonthly: plans.priceMonthly,
      priceAnnual: plans.priceAnnual,
    })
    .from(active)
    .innerJoin(plans, eq(plans.id, active.planId));
}

/** Sign-ups per UTC day since `from` (YYYY-MM-DD), days without any absent (the caller lays out the days). */
export function countSignupsByDay(db: Db, from: string) {
  return db
    .select({ date: signupsByDay.day, count: signupsByDay.users })
    .from(signupsByDay)
    .where(gte(signupsByDay.day, from));
}

/** Every account newest first, after a cursor's key, optionally those whose email contains the pattern. */
function usersPage(db: Db, afterKey: boolean, search: boolean) {
  return db
    .select({
      uuid: users.uuid,
      email: users.email,
      isVerified: users.isVerified,
      isSuspended: sql<boolean>`${users.suspendedAt} is not null`,
      createdAt: isoTime(users.createdAt),
      // A count per shown account, from memberships_user_idx: a page's worth of index probes.
      teamCount:
        sql<number>`(select count(*) from ${memberships} where ${memberships.userId} = ${users.uuid})`.mapWith(
          Number,
        ),
      sortAt: pgTime(users.createdAt),
    })
    .from(users)
    .where(
      and(
        afterKey ? pastKey('<', users.createdAt, users.uuid) : undefined,
        search ? ilike(users.email, sql.placeholder('pattern')) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.uuid))
    .limit(sql.placeholder('limit'))
    .prepare(`admin_users${afterKey ? '_after' : ''}${search ? '_search' : ''}`);
}
const userPages = [false, true].map((search) =>
  keysetPages((db, afterKey) => usersPage(db, afterKey, search)),
);

export function findUsers(db: Db, { limit, after, q }: { limit: number; after?: Key; q?: string }) {
  return userPages[q ? 1 : 0]!(db, { limit, ...(q && { pattern: containing(q) }) }, after);
}

export type UserRecord = Awaited<ReturnType<typeof findUsers>>[number];

/** One account's teams by the date it joined them (memberships_user_idx holds that order). */
export function findUserTeams(db: Db, userId: string) {
  return db
    .select({
      uuid: tenants.uuid,
      name: tenants.name,
      role: memberships.role,
      joinedAt: memberships.joinedAt,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.uuid, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.joinedAt, memberships.tenantId);
}

const auditPages = keysetPages((db, afterKey) =>
  db
    .select({
      uuid: operatorAudit.uuid,
      operatorEmail: operatorAudit.operatorEmail,
      action: operatorAudit.action,
      targetEmail: operatorAudit.targetEmail,
      createdAt: isoTime(operatorAudit.createdAt),
      sortAt: pgTime(operatorAudit.createdAt),
    })
    .from(operatorAudit)
    .where(afterKey ? pastKey('<', operatorAudit.createdAt, operatorAudit.uuid) : undefined)
    .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.uuid))
    .limit(sql.placeholder('limit'))
    .prepare(`admin_audit${afterKey ? '_after' : ''}`),
);

/** The operators' audit list, newest first. */
export function findAudit(db: Db, { limit, after }: { limit: number; after?: Key }) {
  return auditPages(db, { limit }, after);
}

export type OperatorActionEntry = {
  /** Null for the command line. */
  operatorId: string | null;
  operatorEmail: string;
  action: OperatorAction;
  targetUserId: string;
  targetEmail: string;
};

export async function insertOperatorAction(db: Db, entry: OperatorActionEntry): Promise<void> {
  await db.insert(operatorAudit).values(entry);
}
