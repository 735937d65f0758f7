// Queries on sessions: refresh tokens, their families, the account's session lock and operators' views. Every
// function takes the handle to run on, so services compose them in one transaction.
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey } from '../../db/prepared.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import { users } from '../../db/schema/users.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';

/**
 * A refresh token of the open session `sessionId` of user `userId` (placeholders). A session is open until it is
 * ended (signed out, revoked, a reused refresh token). Its refresh tokens' 30-day expiry is not checked here: an
 * access token lives minutes, and its own expiry is checked with its signature.
 */
export const openSessionRow = and(
  eq(refreshTokens.familyId, sql.placeholder('sessionId')),
  eq(refreshTokens.userId, sql.placeholder('userId')),
  isNull(refreshTokens.revokedAt),
);

/**
 * The statements every signed-in request runs, prepared once: PostgreSQL parses and plans them once per connection.
 * `openSession` finds a row while the session is open; `superAdminFlags` is the user's flags while it is.
 */
export function prepareSessionStatements(db: Db) {
  return {
    openSession: db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(openSessionRow)
      .limit(1)
      .prepare('open_session'),
    superAdminFlags: db
      .select({ email: users.email, isVerified: users.isVerified, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .innerJoin(refreshTokens, openSessionRow)
      .where(eq(users.uuid, sql.placeholder('userId')))
      .limit(1)
      .prepare('super_admin_flags'),
  };
}

/**
 * Whether the caller's session is open and, if so, their role in the team, how they joined, the team's rules and how
 * the session began, in one statement prepared once: no row, the session has ended; a row without a role, not a
 * member. Every tenant-scoped request runs it (the team by its primary key, the membership by its own).
 */
export function prepareTenantAccess(db: Db) {
  return db
    .select({
      role: memberships.role,
      joinedThrough: memberships.joinedThrough,
      deactivated: sql<boolean>`${memberships.deactivatedAt} is not null`,
      // What the team's rules judge (docs/contract.md section 4): the team's own, and how this session began.
      requireTwoFactor: tenants.requireTwoFactor,
      requireSso: tenants.requireSso,
      secondFactor: refreshTokens.secondFactor,
      ssoTenantId: refreshTokens.ssoTenantId,
    })
    .from(refreshTokens)
    .leftJoin(
      memberships,
      and(
        eq(memberships.tenantId, sql.placeholder('tenantId')),
        eq(memberships.userId, refreshTokens.userId),
      ),
    )
    .leftJoin(tenants, eq(tenants.uuid, memberships.tenantId))
    .where(openSessionRow)
    .limit(1)
    .prepare('tenant_access');
}

export async function insertRefreshToken(
  db: Db,
  values: {
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
    sessionStartedAt: Date;
    userAgent: string | null;
    ip: string | null;
    impersonatorId?: string | null;
    ssoTenantId?: string | null;
    secondFactor?: boolean;
  },
) {
  await db.insert(refreshTokens).values(values);
}

/** Every token of the session says it passed a second factor: the live one, and those a refresh copies it from. */
export async function markSecondFactor(db: Db, userId: string, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ secondFactor: true })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId)));
}

/**
 * A user's open sessions, most recently used first: the live token of each family (neither spent nor revoked) and
 * what it was issued to; from the start or after a cursor's key. refresh_tokens_user_live_idx.
 */
function sessionsPage(db: Db, afterKey: boolean) {
  return db
    .select({
      uuid: refreshTokens.familyId,
      createdAt: isoTime(refreshTokens.sessionStartedAt),
      lastUsedAt: isoTime(refreshTokens.createdAt),
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
      ssoTeam: tenants.name,
      sortAt: pgTime(refreshTokens.createdAt),
    })
    .from(refreshTokens)
    .leftJoin(tenants, eq(tenants.uuid, refreshTokens.ssoTenantId))
    .where(
      and(
        eq(refreshTokens.userId, sql.placeholder('userId')),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.replacedAt),
        gt(refreshTokens.expiresAt, sql.placeholder('now')),
        afterKey ? pastKey('<', refreshTokens.createdAt, refreshTokens.familyId) : undefined,
      ),
    )
    .orderBy(desc(refreshTokens.createdAt), desc(refreshTokens.familyId))
    .limit(sql.placeholder('limit'))
    .prepare(afterKey ? 'sessions_page_after' : 'sessions_page');
}

const sessionsPages = keysetPages(sessionsPage);

export function findSessions(
  db: Db,
  userId: string,
  now: Date,
  limit: number,
  after?: readonly [string, string],
) {
  return sessionsPages(db, { userId, now: now.toISOString(), limit }, after);
}

/** Ends one of the user's sessions, in the caller's transaction (see lockSessions); whether it was open. */
export async function revokeSession(db: Db, userId: string, familyId: string, now: Date) {
  await lockSessions(db, userId);
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return revoked.length > 0;
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a live token as spent; false when another request spent or revoked it first. */
export async function spendRefreshToken(db: Db, id: string, now: Date) {
  const spent = await db
    .update(refreshTokens)
    .set({ replacedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.replacedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return spent.length > 0;
}

/**
 * Takes the user's session lock until the transaction ends: a refresh holds it while it spends a token and issues the
 * next, and every ending of sessions (the revoke functions below) takes it before revoking: run them in a transaction. An ending that waited for a refresh then sees the
 * token that refresh issued; a refresh that waited for an ending finds its token revoked. Without it, a session
 * ended while it refreshed would live on in the new token. NO KEY UPDATE: rows that merely reference the user (a
 * new membership, a new token) are not held up.
 */
export async function lockSessions(
  tx: Db,
  userId: string,
): Promise<{ suspended: boolean; stamp?: number; verified: boolean }> {
  const [user] = await tx
    .select({ suspendedAt: users.suspendedAt, stamp: users.securityStamp, verified: users.isVerified })
    .from(users)
    .where(eq(users.uuid, userId))
    .for('no key update');
  return { suspended: user?.suspendedAt != null, stamp: user?.stamp, verified: user?.verified === true };
}

/** A user read under a share lock: their suspension (setSuspended) waits until the caller's transaction ends. */
export async function findUserForShare(tx: Db, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.uuid, userId)).for('share');
  return user;
}

/** Ends the sessions in which an operator views the app as someone else. */
export async function revokeImpersonations(tx: Db, operatorId: string, now: Date) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.impersonatorId, operatorId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every token of a session, in the caller's transaction (see lockSessions). */
export async function revokeRefreshFamily(db: Db, userId: string, familyId: string, now: Date) {
  await lockSessions(db, userId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends the user's sessions, all of them or all but one. */
export async function revokeUserRefreshTokens(
  db: Db,
  userId: string,
  now: Date,
  { except }: { except?: string } = {},
) {
  await lockSessions(db, userId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        except === undefined ? undefined : ne(refreshTokens.familyId, except),
      ),
    );
}

/** When the user's open session `sessionId` began (its first sign-in), or undefined once it has ended. */
export async function findSessionStart(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select({ startedAt: refreshTokens.sessionStartedAt })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, sessionId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return row?.startedAt;
}

/** Refresh tokens past their expiry: none can be used again, and no reuse of one can be told from a stranger's. */
export function deleteExpiredRefreshTokens(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    db,
    refreshTokens,
    refreshTokens.id,
    sql`${refreshTokens.expiresAt} < ${now.toISOString()}`,
    signal,
  );
}
