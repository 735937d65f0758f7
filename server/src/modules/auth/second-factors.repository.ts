// Queries on second factors: the TOTP secret and its last step, and recovery codes.
import { and, eq, isNull, lt, or } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/recovery-codes.ts';
import { users } from '../../db/schema/users.ts';

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
