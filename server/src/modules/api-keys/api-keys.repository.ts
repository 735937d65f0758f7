import { and, count, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/iso-time.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { users } from '../../db/schema/users.ts';

/** The user's role in the team now, or undefined when they are not in it. */
export async function roleOf(db: Db, tenantId: string, userId: string) {
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return membership?.role;
}

export async function countLiveKeys(db: Db, tenantId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)));
  return row?.count ?? 0;
}

export async function insertKey(db: Db, values: typeof apiKeys.$inferInsert) {
  const [key] = await db
    .insert(apiKeys)
    .values(values)
    .returning({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      prefix: apiKeys.prefix,
      createdAt: isoTime(apiKeys.createdAt),
    });
  return key!;
}

/** A team's live keys, newest first: at most MAX_API_KEYS, so one page. */
export async function findLiveKeys(db: Db, tenantId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      prefix: apiKeys.prefix,
      createdAt: isoTime(apiKeys.createdAt),
      createdByEmail: users.email,
      lastUsedAt: isoTime(apiKeys.lastUsedAt) as SQL<string | null>,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.uuid, apiKeys.createdBy))
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes a live key of the team: its name, or undefined when the team has no such live key. */
export async function revokeKey(db: Db, tenantId: string, id: string) {
  const [key] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ name: apiKeys.name });
  return key;
}

/** Which keys a retirement reaches: those `userId` made, in one team or in all. */
const madeBy = ({ userId, tenantId }: { userId: string; tenantId?: string | undefined }) =>
  and(eq(apiKeys.createdBy, userId), tenantId === undefined ? undefined : eq(apiKeys.tenantId, tenantId));

const retiredColumns = { id: apiKeys.id, name: apiKeys.name, tenantId: apiKeys.tenantId };

/** Revokes the live keys an account made: their ids, names and teams. */
export async function revokeKeysMadeBy(db: Db, maker: { userId: string; tenantId?: string | undefined }) {
  return db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(madeBy(maker), isNull(apiKeys.revokedAt)))
    .returning(retiredColumns);
}

/** Deletes every key an account made, revoked ones too; the live ones it deleted. */
export async function deleteKeysMadeBy(db: Db, maker: { userId: string; tenantId?: string | undefined }) {
  const deleted = await db
    .delete(apiKeys)
    .where(madeBy(maker))
    .returning({ ...retiredColumns, live: sql<boolean>`${apiKeys.revokedAt} is null` });
  return deleted.filter((key) => key.live);
}

/** The live key of a hash: read on every request a key makes, so prepared once per handle. */
const byHash = preparedPerHandle((db) =>
  db
    .select({
      id: apiKeys.id,
      tenantId: apiKeys.tenantId,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      /** Whether last_used_at is more than a minute old (or unset): the request then writes it. */
      stale: sql<boolean>`${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute'`,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .prepare('api_key_by_hash'),
);

export async function findLiveKeyByHash(db: Db, keyHash: string) {
  const [key] = await byHash(db).execute({ keyHash });
  return key;
}

/** Notes a key's use; at most once a minute a key, so a busy key does not write a row on every request. */
export async function touchKey(db: Db, id: string) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
