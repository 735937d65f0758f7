import { and, desc, eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey, preparedPerHandle } from '../../db/prepared.ts';
import { items } from '../../db/schema/items.ts';
import { itemsUnlimited } from '../billing/billing.service.ts';

const itemColumns = {
  uuid: items.uuid,
  name: items.name,
  description: items.description,
  createdAt: isoTime(items.createdAt),
  updatedAt: isoTime(items.updatedAt),
  /** The exact sort key for the cursor (see lib/pagination.ts). */
  sortAt: pgTime(items.createdAt),
};

export type ItemRecord = Awaited<ReturnType<typeof findItems>>[number];

/** A tenant's items newest first, from the start or after a cursor's key; served by items_tenant_newest_idx. */
function itemsPage(db: Db, afterKey: boolean) {
  return db
    .select(itemColumns)
    .from(items)
    .where(
      and(
        eq(items.tenantId, sql.placeholder('tenantId')),
        afterKey ? pastKey('<', items.createdAt, items.uuid) : undefined,
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.uuid))
    .limit(sql.placeholder('limit'))
    .prepare(afterKey ? 'items_page_after' : 'items_page');
}
const itemsPages = keysetPages(itemsPage);

/** The hottest read of the app: a statement built and planned once per connection, not on every request. */
export function findItems(db: Db, tenantId: string, limit: number, after?: readonly [string, string]) {
  return itemsPages(db, { tenantId, limit }, after);
}

export async function findItem(db: Db, tenantId: string, id: string) {
  const [item] = await db
    .select(itemColumns)
    .from(items)
    .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)));
  return item;
}

export async function countItems(db: Db, tenantId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(items)
    .where(eq(items.tenantId, tenantId));
  return row?.count ?? 0;
}

/** The hottest write: built and planned once per connection, as the pages are. */
const insertStatement = preparedPerHandle((db) =>
  db
    .insert(items)
    .values({
      uuid: sql.placeholder('uuid'),
      tenantId: sql.placeholder('tenantId'),
      createdBy: sql.placeholder('createdBy'),
      name: sql.placeholder('name'),
      description: sql.placeholder('description'),
    })
    .returning(itemColumns)
    .prepare('insert_item'),
);

/**
 * The insert of a team whose plan sets no item limit, as one statement planned once per connection: the row, or none
 * when the plan has a limit (the caller then counts under the team's lock).
 */
const insertIfUnlimitedStatement = preparedPerHandle((db) => {
  const value = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  return db
    .insert(items)
    .select(
      sql`select ${value('uuid', 'uuid')}, ${value('tenantId', 'uuid')}, ${value('name', 'text')},
        ${value('description', 'text')}, ${value('createdBy', 'uuid')}, now(), now()
      where ${itemsUnlimited(value('tenantId', 'uuid'))}`,
    )
    .returning(itemColumns)
    .prepare('insert_item_unlimited');
});

export async function insertItemIfUnlimited(db: Db, values: NewItem) {
  const [item] = await insertIfUnlimitedStatement(db).execute(values);
  return item;
}

type NewItem = {
  uuid: string;
  tenantId: string;
  createdBy: string;
  name: string;
  description: string | null;
};

export async function insertItem(db: Db, values: NewItem) {
  const [item] = await insertStatement(db).execute(values);
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

/** The deleted item's id and name, or undefined when there was none. */
export async function deleteItem(db: Db, tenantId: string, id: string) {
  const [deleted] = await db
    .delete(items)
    .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)))
    .returning({ uuid: items.uuid, name: items.name });
  return deleted;
}
