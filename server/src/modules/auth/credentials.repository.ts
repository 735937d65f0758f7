// Queries on accounts' credentials: the user row (address, password, security stamp) and the one-time links. Every
// function takes the handle to run on, so services compose them in one transaction.
import type { Locale } from '@app/contract/constants';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';

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
/** Inserts the user at `now`, speaking `locale`: a proof of its address made before (a Google ID token) cannot open it. */
export async function insertUser(
  db: Db,
  {
    now,
    ...values
  }: { email: string; passwordHash: string | null; isVerified: boolean; locale: Locale; now: Date },
) {
  const [user] = await db
    .insert(users)
    .values({ ...values, securityStampAt: now })
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

/** The user's security stamp as a subquery: read in the statement that checks a link. */
const currentStamp = (userId: SQL) =>
  sql<number>`(select ${users.securityStamp} from ${users} where ${users.uuid} = ${userId})`;

/** Moves the account's security stamp (credential-lifecycle.service.ts): every link and step issued before it is refused. */
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
    ssoTenantId?: string | null;
  },
) {
  await db.insert(oneTimeTokens).values(values);
}

/** A link or step for `user`, under the stamp of the row it was earned against: the token to mail or answer. */
export async function createOneTimeToken(
  db: Db,
  user: UserRow,
  purpose: OneTimePurpose,
  expiresAt: Date,
  ssoTenantId: string | null = null,
) {
  const token = randomToken();
  await insertOneTimeToken(db, {
    userId: user.uuid,
    stamp: user.securityStamp,
    purpose,
    tokenHash: hashToken(token),
    expiresAt,
    ssoTenantId,
  });
  return token;
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
  return (await spendOneTimeToken(db, purpose, tokenHash, now))?.userId;
}

/** As consumeOneTimeToken, with the team whose single sign-on the token's sign-in came through. */
export async function spendOneTimeToken(db: Db, purpose: OneTimePurpose, tokenHash: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(liveToken(purpose, tokenHash, now))
    .returning({ userId: oneTimeTokens.userId, ssoTenantId: oneTimeTokens.ssoTenantId });
  return row;
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

/** Spends a live email-change token in one statement; its user and new address, or undefined. */
export async function consumeEmailChangeToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(liveToken('change_email', tokenHash, now))
    .returning({ userId: oneTimeTokens.userId, newEmail: oneTimeTokens.newEmail });
  return row;
}

/** Mailed links and sign-in steps past their expiry, used or not. */
export function deleteExpiredOneTimeTokens(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    db,
    oneTimeTokens,
    oneTimeTokens.id,
    sql`${oneTimeTokens.expiresAt} < ${now.toISOString()}`,
    signal,
  );
}
