// Queries on the account's status: super admin, suspension, deletion.
import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

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

/** Deletes the account; its sessions, one-time tokens, recovery codes, passkeys and memberships go with it. */
export async function deleteUser(db: Db, userId: string) {
  await db.delete(users).where(eq(users.uuid, userId));
}
