// The account module owns no table; it reads the passkeys table (declared in eslint.config.js) for the export.
import { asc, eq } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/iso-time.ts';
import { passkeys } from '../../db/schema/passkeys.ts';

/** A user's passkeys as the export shows them: names and dates, never the credential or its public key. */
export async function findPasskeys(db: Db, userId: string) {
  return db
    .select({
      name: passkeys.name,
      created_at: isoTime(passkeys.createdAt),
      last_used_at: isoTime(passkeys.lastUsedAt),
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}
