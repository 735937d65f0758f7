import { lte, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { deleteInBatches } from '../../db/delete-in-batches.ts';
import { jobRuns } from '../../db/schema/job-runs.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';

/**
 * Claims the run of `name` due at `now`, the next one `everyMs` later: true for exactly one caller however many
 * instances ask at once (the row's lock orders them, and only the first finds it due).
 */
export async function claimRun(db: Db, name: string, now: Date, everyMs: number): Promise<boolean> {
  const nextRunAt = new Date(now.getTime() + everyMs);
  const claimed = await db
    .insert(jobRuns)
    .values({ name, nextRunAt })
    .onConflictDoUpdate({ target: jobRuns.name, set: { nextRunAt }, setWhere: lte(jobRuns.nextRunAt, now) })
    .returning({ name: jobRuns.name });
  return claimed.length === 1;
}

/** Counters whose window has ended; the limiter starts a new one for a key it no longer finds. */
export function deleteExpiredRateLimits(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    db,
    rateLimits,
    rateLimits.key,
    sql`${rateLimits.expire} < ${now.getTime()}`,
    signal,
  );
}
