// Queries on the account's status: super admin, suspension, deletion, preferences.
import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

export async function setSuperAdmin(db: Db, email: string) {
  await db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, email));
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

/** Sets the language or theme given (docs/contract.md section 4, Comfort); nothing given changes nothing. */
export async function setPreferences(
  db: Db,
  userId: string,
  preferences: Partial<Pick<UserRow, 'locale' | 'theme'>>,
) {
  if (preferences.locale === undefined && preferences.theme === undefined) return;
  await db.update(users).set(preferences).where(eq(users.uuid, userId));
}

/** Deletes the account; its sessions, one-time tokens, recovery codes, passkeys and memberships go with it. */
export async function deleteUser(db: Db, userId: string) {
  await db.delete(users).where(eq(users.uuid, userId));
}
