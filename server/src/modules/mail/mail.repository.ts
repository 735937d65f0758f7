// Queries on the outbox: services enqueue mail inside their own transaction; the worker claims and settles it.
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { outbox, type OutboxRow } from '../../db/schema/outbox.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';

export type OutgoingMail = Pick<OutboxRow, 'to' | 'subject' | 'text' | 'html'>;

/**
 * Writes one mail to the outbox. Pass the transaction of the change that causes the mail, so the mail exists
 * exactly when the change commits (docs/contract.md section 3, Email).
 */
export async function enqueueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  await tx.insert(outbox).values({
    ...mail,
    // The worker compares with a JavaScript Date, which has millisecond precision: a microsecond stamp could
    // sit just after its "now" and wait a whole poll.
    nextAttemptAt: sql`date_trunc('milliseconds', now())`,
  });
}

/**
 * Leases up to `limit` due, unsent mails, the longest due first (in outbox_due_idx order), by pushing their next
 * attempt to `leaseUntil`.
 * SKIP LOCKED lets instances claim side by side without waiting on, or taking, each other's rows; the lease
 * keeps a claimed row away from everyone else while it is being delivered outside any transaction.
 */
export async function claimDueMail(
  db: Db,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(inArray(outbox.id, due))
    .returning();
  // RETURNING has no order of its own.
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The claim a worker settles: the row and the lease it was claimed with. */
type Claim = Pick<OutboxRow, 'id' | 'nextAttemptAt'>;

/**
 * A claim's own row, while the claim is still the one on it: a mail handed back (or whose lease ran out) and
 * claimed again belongs to its new claim, which a late answer to the old one must not settle.
 */
const stillClaimed = ({ id, nextAttemptAt }: Claim) =>
  and(eq(outbox.id, id), eq(outbox.nextAttemptAt, nextAttemptAt));

export async function markMailSent(db: Db, claim: Claim, sentAt: Date): Promise<void> {
  await db.update(outbox).set({ sentAt }).where(stillClaimed(claim));
}

export async function recordDeliveryFailure(
  db: Db,
  claim: Claim,
  failure: { attempts: number; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await db.update(outbox).set(failure).where(stillClaimed(claim));
}

/**
 * Makes claimed mail this instance will not deliver due again at once, for another instance or the next start, instead
 * of when its lease runs out. Mail marked sent meanwhile stays sent.
 */
export async function handBackMail(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ nextAttemptAt: now })
    .where(and(inArray(outbox.id, ids), isNull(outbox.sentAt)));
}

/** Undelivered mail: due now (or being delivered), and waiting for its next attempt after a failure. */
export async function countQueuedMail(db: Db, now: Date): Promise<{ due: number; retrying: number }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${outbox.attempts} = 0 or ${outbox.nextAttemptAt} <= ${now.toISOString()})::int`,
      retrying: sql<number>`count(*) filter (where ${outbox.attempts} > 0 and ${outbox.nextAttemptAt} > ${now.toISOString()})::int`,
    })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  return row ?? { due: 0, retrying: 0 };
}

/** The newest mails first, sent or not, for the dev mailbox. */
export async function findRecentMail(db: Db, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}

/** Mail delivered before `before`: the dev mailbox and a resend never need it again. */
export function deleteSentMailBefore(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(db, outbox, outbox.id, lte(outbox.sentAt, before), signal);
}
