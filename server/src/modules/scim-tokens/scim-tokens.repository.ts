import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/iso-time.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { scimTokens } from '../../db/schema/scim-tokens.ts';
import { users } from '../../db/schema/users.ts';

/** Makes the team's token, replacing the one it had. */
export async function upsertToken(
  db: Db,
  values: { tenantId: string; tokenHash: string; createdBy: string },
) {
  await db
    .insert(scimTokens)
    .values(values)
    .onConflictDoUpdate({
      target: scimTokens.tenantId,
      set: { ...values, createdAt: sql`now()`, lastUsedAt: null },
    });
}

/** Deletes the team's token; whether it had one. */
export async function deleteToken(db: Db, tenantId: string) {
  const deleted = await db
    .delete(scimTokens)
    .where(eq(scimTokens.tenantId, tenantId))
    .returning({ tenantId: scimTokens.tenantId });
  return deleted.length > 0;
}

export async function findToken(db: Db, tenantId: string) {
  const [token] = await db
    .select({
      createdAt: isoTime(scimTokens.createdAt),
      createdBy: users.email,
      lastUsedAt: isoTime(scimTokens.lastUsedAt),
    })
    .from(scimTokens)
    .leftJoin(users, eq(users.uuid, scimTokens.createdBy))
    .where(eq(scimTokens.tenantId, tenantId));
  return token;
}

/** The team of a token by its hash, and whether its use is worth noting again (once a minute at most). */
const byHash = preparedPerHandle((db) =>
  db
    .select({
      tenantId: scimTokens.tenantId,
      stale: sql<boolean>`${scimTokens.lastUsedAt} is null or ${scimTokens.lastUsedAt} < now() - interval '1 minute'`,
    })
    .from(scimTokens)
    .where(eq(scimTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('scim_token_by_hash'),
);

export async function findTokenByHash(db: Db, tokenHash: string) {
  const [token] = await byHash(db).execute({ tokenHash });
  return token;
}

export async function touchToken(db: Db, tenantId: string) {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(scimTokens.tenantId, tenantId),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

/** Deletes the tokens `maker` made (in `tenantId` only, when given); the teams whose token went. */
export async function deleteTokensMadeBy(db: Db, maker: { userId: string; tenantId?: string | undefined }) {
  return db
    .delete(scimTokens)
    .where(
      and(
        eq(scimTokens.createdBy, maker.userId),
        maker.tenantId === undefined ? undefined : eq(scimTokens.tenantId, maker.tenantId),
      ),
    )
    .returning({ tenantId: scimTokens.tenantId });
}

export async function lockTokenForShare(db: Db, tenantId: string, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ tenantId: scimTokens.tenantId })
    .from(scimTokens)
    .where(and(eq(scimTokens.tenantId, tenantId), eq(scimTokens.tokenHash, tokenHash)))
    .for('share');
  return row !== undefined;
}
