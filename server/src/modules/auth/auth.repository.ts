// Queries on users and their tokens. Every function takes the handle to run on, so services compose them in
// one transaction.
import { and, desc, eq, gt, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey } from '../../db/prepared.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { recoveryCodes } from '../../db/schema/recovery-codes.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import { users } from '../../db/schema/users.ts';

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
 * Whether the caller's session is open and, if so, their role in the team, in one statement prepared once: no row,
 * the session has ended; a row without a role, not a member. Every tenant-scoped request runs it.
 */
export function prepareTenantAccess(db: Db) {
  return db
    .select({ role: memberships.role })
    .from(refreshTokens)
    .leftJoin(
      memberships,
      and(
        eq(memberships.tenantId, sql.placeholder('tenantId')),
        eq(memberships.userId, refreshTokens.userId),
      ),
    )
    .where(openSessionRow)
    .limit(1)
    .prepare('tenant_access');
}

export type OneTimePurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Db, uuid: string) {
  const [user] = await db.select().from(users).where(eq(users.uuid, uuid));
  return user;
}

/** Inserts the user, or answers undefined when the email is taken (the unique constraint decides, not a race). */
export async function insertUser(
  db: Db,
  values: { email: string; passwordHash: string | null; isVerified: boolean },
) {
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.uuid, userId));
}

/** Sets the password while the account has none and its stamp is still `stamp`; whether it did. */
export async function setPasswordHashUnder(db: Db, userId: string, stamp: number, passwordHash: string) {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.uuid, userId), isNull(users.passwordHash), eq(users.securityStamp, stamp)))
    .returning({ uuid: users.uuid });
  return rows.length > 0;
}

export async function clearPassword(db: Db, userId: string) {
  await db.update(users).set({ passwordHash: null }).where(eq(users.uuid, userId));
}

export async function markVerified(db: Db, userId: string) {
  await db.update(users).set({ isVerified: true }).where(eq(users.uuid, userId));
}

export async function setSuperAdmin(db: Db, email: string) {
  await db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, email));
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
  },
) {
  await db.insert(refreshTokens).values(values);
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
      sortAt: pgTime(refreshTokens.createdAt),
    })
    .from(refreshTokens)
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
export async function lockSessions(tx: Db, userId: string): Promise<{ suspended: boolean; stamp?: number }> {
  const [user] = await tx
    .select({ suspendedAt: users.suspendedAt, stamp: users.securityStamp })
    .from(users)
    .where(eq(users.uuid, userId))
    .for('no key update');
  return { suspended: user?.suspendedAt != null, stamp: user?.stamp };
}

/**
 * Suspends (a time) or restores (null) an account, under the lock every new session takes (lockSessions), so no
 * sign-in in flight slips a session past a suspension. Its email and whether it changed; undefined for no account.
 */
export async function setSuspended(tx: Db, userId: string, suspendedAt: Date | null) {
  const [user] = await tx
    .select({ email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.uuid, userId))
    .for('no key update');
  if (!user) return undefined;
  const changed = (user.suspendedAt === null) !== (suspendedAt === null);
  if (changed) await tx.update(users).set({ suspendedAt }).where(eq(users.uuid, userId));
  return { email: user.email, changed };
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

/** The user's security stamp as a subquery: read in the statement that checks a link. */
const currentStamp = (userId: SQL) =>
  sql<number>`(select ${users.securityStamp} from ${users} where ${users.uuid} = ${userId})`;

/** Moves the account's security stamp (credential-lifecycle.ts): every link and step issued before it is refused. */
export async function moveSecurityStamp(db: Db, userId: string, now: Date) {
  await db
    .update(users)
    .set({ securityStamp: sql`${users.securityStamp} + 1`, securityStampAt: now })
    .where(eq(users.uuid, userId));
}

/** The account's security stamp now, for a link issued by another module (an invitation's set-password link). */
export async function findSecurityStamp(db: Db, userId: string) {
  const [row] = await db.select({ stamp: users.securityStamp }).from(users).where(eq(users.uuid, userId));
  return row?.stamp;
}

/**
 * Issues a link or step under `stamp`: the stamp of the account as read when what earns it was checked (a password,
 * a link), so that one earned before a credential event is born retired.
 */
export async function insertOneTimeToken(
  db: Db,
  values: {
    userId: string;
    stamp: number;
    purpose: OneTimePurpose;
    tokenHash: string;
    expiresAt: Date;
    newEmail?: string;
  },
) {
  await db.insert(oneTimeTokens).values(values);
}

/** An unused, unexpired token of that purpose, issued under the user's current security stamp. */
const liveToken = (purpose: OneTimePurpose, tokenHash: string, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
    eq(oneTimeTokens.stamp, currentStamp(sql`${oneTimeTokens.userId}`)),
  );

/** Spends a live, unexpired token of that purpose in one statement; the user id, or undefined. */
export async function consumeOneTimeToken(db: Db, purpose: OneTimePurpose, tokenHash: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(liveToken(purpose, tokenHash, now))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** The user of a live (unused, unexpired) token of that purpose, without spending it; undefined if none. */
export async function findLiveOneTimeToken(db: Db, purpose: OneTimePurpose, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(liveToken(purpose, tokenHash, now));
  return row?.userId;
}

/** A newer link replaces older ones: unused tokens of that purpose stop working. */
export async function retireOneTimeTokens(db: Db, userId: string, purpose: OneTimePurpose, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

/** Stores a new TOTP secret while two-factor is off (setup may be restarted); false when it is on. */
export async function setTotpSecret(db: Db, userId: string, secret: string) {
  const rows = await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.uuid, userId), eq(users.totpEnabled, false)))
    .returning({ uuid: users.uuid });
  return rows.length > 0;
}

/** Turns two-factor on with the secret that setup stored, whose code of `step` was just shown; false if on already. */
export async function enableTotp(db: Db, userId: string, secret: string, step: number) {
  const rows = await db
    .update(users)
    .set({ totpEnabled: true, totpLastStep: step })
    .where(and(eq(users.uuid, userId), eq(users.totpEnabled, false), eq(users.totpSecret, secret)))
    .returning({ uuid: users.uuid });
  return rows.length > 0;
}

/** Turns two-factor off: the secret and the recovery codes go. */
export async function disableTotp(db: Db, userId: string) {
  await db
    .update(users)
    .set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
    .where(eq(users.uuid, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * Records that the code of time step `step` was used, in one statement: false when a code of this step or a later
 * one was accepted before, so a code seen over a shoulder or replayed within its window is refused.
 */
export async function acceptTotpStep(db: Db, userId: string, step: number) {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.uuid, userId),
        eq(users.totpEnabled, true),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ uuid: users.uuid });
  return rows.length > 0;
}

/** The user's recovery codes become these (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code in one statement; false when there is none of that hash (or it was used). */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
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

/** Spends a live email-change token in one statement; its user and new address, or undefined. */
export async function consumeEmailChangeToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(liveToken('change_email', tokenHash, now))
    .returning({ userId: oneTimeTokens.userId, newEmail: oneTimeTokens.newEmail });
  return row;
}

/**
 * Moves the account to another address; false when the address is taken, also by an account registered a moment
 * ago: the unique constraint decides, in a savepoint so that the caller's transaction goes on.
 */
export async function setEmail(db: Db, userId: string, email: string): Promise<boolean> {
  try {
    await db.transaction((savepoint) => savepoint.update(users).set({ email }).where(eq(users.uuid, userId)));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Drizzle wraps the driver's error: the SQLSTATE may be on any error of the cause chain. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Deletes the account; its sessions, one-time tokens, recovery codes, passkeys and memberships go with it. */
export async function deleteUser(db: Db, userId: string) {
  await db.delete(users).where(eq(users.uuid, userId));
}
