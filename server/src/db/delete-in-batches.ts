// Deletes many rows a batch at a time, so a clean-up never holds locks on, or writes WAL for, a whole table at once.
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Db } from './client.ts';

const BATCH_SIZE = 5_000;

/**
 * Deletes every row of `table` where `condition` holds, by its key `key`; answers how many went. An aborted `signal`
 * stops it between batches (the process is stopping; the next run deletes the rest).
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  key: PgColumn,
  condition: SQL,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  while (!signal?.aborted) {
    const batch = db.select({ key }).from(table).where(condition).limit(BATCH_SIZE);
    const gone = await db.delete(table).where(inArray(key, batch)).returning({ key });
    deleted += gone.length;
    if (gone.length < BATCH_SIZE) break;
  }
  return deleted;
}
