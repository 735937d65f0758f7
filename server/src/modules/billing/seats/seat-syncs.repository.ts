// The seat changes a provider that bills elsewhere (Stripe) has still to be told of: one row per team, due when its
// next attempt is. A claim leases a row by moving its due time to the lease's end; a change queued meanwhile moves it
// back to now, so whatever the attempt under way ends in, the row stays for the next round.
import { and, asc, eq, lte, sql } from 'drizzle-orm';

import type { Db } from '../../../db/client.ts';
import { seatSyncs } from '../../../db/schema/billing.ts';

export type SeatSyncClaim = { tenantId: string; attempts: number; leasedUntil: Date };

/** In the transaction of the change: due now (a later change of the same team joins the row already queued). */
export async function queueSeatSync(db: Db, tenantId: string, now: Date) {
  await db
    .insert(seatSyncs)
    .values({ tenantId, dueAt: now })
    .onConflictDoUpdate({ target: seatSyncs.tenantId, set: { dueAt: now } });
}

/** Leases the longest due row, if any; SKIP LOCKED lets workers claim side by side. */
export async function claimDueSeatSync(db: Db, now: Date, leaseUntil: Date) {
  const due = db
    .select({ tenantId: seatSyncs.tenantId })
    .from(seatSyncs)
    .where(lte(seatSyncs.dueAt, now))
    .orderBy(asc(seatSyncs.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(seatSyncs)
    .set({ dueAt: leaseUntil })
    .where(sql`${seatSyncs.tenantId} in (${due})`)
    .returning({ tenantId: seatSyncs.tenantId, attempts: seatSyncs.attempts });
  return row && { ...row, leasedUntil: leaseUntil };
}

const stillLeased = (claim: SeatSyncClaim) =>
  and(eq(seatSyncs.tenantId, claim.tenantId), eq(seatSyncs.dueAt, claim.leasedUntil));

/** The provider has the quantity: the row goes, unless a change was queued while it was sent. */
export async function finishSeatSync(db: Db, claim: SeatSyncClaim) {
  await db.delete(seatSyncs).where(stillLeased(claim));
}

/** The provider refused or could not be reached: the row is due again at `retryAt` (unless requeued meanwhile). */
export async function retrySeatSync(db: Db, claim: SeatSyncClaim, retryAt: Date, error: string) {
  await db
    .update(seatSyncs)
    .set({ dueAt: retryAt, attempts: claim.attempts + 1, lastError: error })
    .where(stillLeased(claim));
}
