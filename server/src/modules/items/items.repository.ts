import { and, desc, eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { items } from '../../db/schema/items.ts';

const itemColumns = {
  uuid: items.uuid,
  name: items.name,
  description: items.description,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  /** The exact sort key for the cursor (see lib/pagination.ts). */
  sortAt: sql<string>`${items.createdAt}::text`,
};

export type ItemRecord = Awaited<ReturnType<typeof findItems>>[number];

/**
 * A tenant's items newest first, starting after a cursor's key; served by items_tenant_newest_idx. The hottest read
 * of the app, so a named prepared statement: each connection parses and plans it once, not on every request.
 */
export function findItems(db: Db, tenantId: string, limit: number, after?: readonly [string, string]) {
  return db
    .select(itemColumns)
    .from(items)
    .where(
      and(
        eq(items.tenantId, tenantId),
        after && sql`(${items.createdAt}, ${items.uuid}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.uuid))
    .limit(limit)
    .prepare(after ? 'items_page_after' : 'items_page')
    .execute();
}

export async function findItem(db: Db, tenantId: string, id: string) {
  const [item] = await db
    .select(itemColumns)
    .from(items)
    .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)));
  return item;
}

export async function insertItem(
  db: Db,
  values: { tenantId: string; createdBy: string; name: string; description: string | null },
) {
  const [item] = await db.insert(items).values(values).returning(itemColumns);
  return item!;
}

export async function updateItem(
  db: Db,
  tenantId: string,
  id: string,
  values: { name?: string; description?: string | null },
) {
  const [item] = await db
    .update(items)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)))
    .returning(itemColumns);
  return item;
}

export async function deleteItem(db: Db, tenantId: string, id: string) {
  const deleted = await db
    .delete(items)
    .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)))
    .returning({ uuid: items.uuid });
  return deleted.length > 0;
}
