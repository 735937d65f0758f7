// Queries on passkeys and WebAuthn challenges. Every function takes the handle to run on, so services compose them
// in one transaction.
import { and, desc, eq, lte } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { passkeys, webauthnChallenges } from '../../db/schema/passkeys.ts';

export type Ceremony = (typeof webauthnChallenges.$inferSelect)['ceremony'];
export type PasskeyRow = typeof passkeys.$inferSelect;

export async function deleteExpiredChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
}

export async function insertChallenge(
  db: Db,
  row: { challenge: string; ceremony: Ceremony; userId: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(webauthnChallenges).values(row);
}

/** Deletes the challenge, whatever it was, and answers the row it was: a challenge is spent by any attempt. */
export async function takeChallenge(db: Db, challenge: string) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(eq(webauthnChallenges.challenge, challenge))
    .returning();
  return row;
}

export async function findUserPasskeys(db: Db, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Inserts the passkey, or answers undefined when its credential id is registered already. */
export async function insertPasskey(
  db: Db,
  row: Pick<
    typeof passkeys.$inferInsert,
    'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'backedUp' | 'name' | 'createdAt'
  >,
) {
  const [inserted] = await db
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return inserted;
}

/** Records a sign-in, unless another one got there first with the same or a later counter. */
export async function recordUse(
  db: Db,
  {
    id,
    counter,
    previousCounter,
    backedUp,
    at,
  }: {
    id: string;
    counter: number;
    previousCounter: number;
    backedUp: boolean;
    at: Date;
  },
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter, backedUp, lastUsedAt: at })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, previousCounter)))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return deleted.length > 0;
}

export async function deleteUserPasskeys(db: Db, userId: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}
