import type { Item } from '@app/contract';
import { and, desc, eq, type SQL, type SQLWrapper, sql, type WithSubquery } from 'drizzle-orm';

import type { PgColumn, WithSubqueryWithSelection } from 'drizzle-orm/pg-core';

import type { Db } from '../../db/client.ts';
import { isoTime, isoTimeText, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey } from '../../db/prepared.ts';
import { items } from '../../db/schema/items.ts';
import type { Actor } from '../../lib/caller.ts';

type ItemColumns = Record<'uuid' | 'name' | 'description' | 'createdAt' | 'updatedAt', PgColumn>;

/**
 * THE item in the API's form (the contract's ItemSchema), once: SQL expressions of `source`, the table or a write's
 * CTE of its columns, keyed by the contract's field names. `time` writes a timestamp as the API does: `isoTime` in a
 * row (PostgreSQL's own text, sliced in Node), `isoTimeText` inside JSON the database builds (a webhook's data).
 */
const itemShape = <T extends ItemColumns>(source: T, time: (at: SQLWrapper) => SQL<string>) => ({
  uuid: source.uuid,
  name: source.name,
  description: source.description,
  created_at: time(source.createdAt),
  updated_at: time(source.updatedAt),
});

/** A row of the item in the API's form: what a read selects and a write answers. */
const itemRow = <T extends ItemColumns>(source: T) => itemShape(source, isoTime);

/** The item in the API's form as the data of its webhook event: the same fields, for jsonb_build_object. */
export const itemData = (item: WrittenItem): Record<keyof Item, SQLWrapper> => itemShape(item, isoTimeText);

/** A tenant's items newest first, from the start or after a cursor's key; served by items_tenant_newest_idx. */
function itemsPage(db: Db, afterKey: boolean) {
  return db
    .select({
      ...itemRow(items),
      /** The exact sort key for the cursor (see lib/pagination.ts). */
      sortAt: pgTime(items.createdAt),
    })
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

export async function findItem(db: Db, tenantId: string, id: string): Promise<Item | undefined> {
  const [item] = await db
    .select(itemRow(items))
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

/** What a write's CTE returns: the row the answer and the event's data are read from, and what its entry names. */
const writtenColumns = {
  uuid: items.uuid,
  tenantId: items.tenantId,
  createdBy: items.createdBy,
  name: items.name,
  description: items.description,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
};
export type WrittenItem = WithSubqueryWithSelection<typeof writtenColumns, 'item'>;

/**
 * An item's write as the first part of its statement: the CTE `item` (`INSERT | UPDATE | DELETE … RETURNING …`),
 * and who made it, as expressions of the statement (for its entry in the team's log).
 */
export type ItemWrite = { item: WrittenItem; actor: { userId: SQLWrapper; keyId: SQLWrapper } };

const placeholder = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/** A new item, as the typed placeholders of its insert's prepared statement (the values createItem executes it with). */
export const newItem = {
  uuid: placeholder('uuid', 'uuid'),
  tenantId: placeholder('tenantId', 'uuid'),
  name: placeholder('name', 'text'),
  description: placeholder('description', 'text'),
  /** The member who creates it, or null when an API key does (then `actorKeyId`). */
  createdBy: placeholder('createdBy', 'uuid'),
  actorKeyId: placeholder('actorKeyId', 'uuid'),
};
export type NewItem = Record<keyof typeof newItem, string | null>;

/**
 * The insert of `newItem`, only if `condition` holds when given (billing's: the team's plan sets no item limit), so a
 * team whose plan has a limit gets no row. Its entry's actor is the item's creator, as the row records it, or the key
 * that created it.
 */
export function inserted(db: Db, condition?: SQL): ItemWrite {
  const item = db.$with('item').as(
    db
      .insert(items)
      .select(
        sql`select ${newItem.uuid}, ${newItem.tenantId}, ${newItem.name}, ${newItem.description},
          ${newItem.createdBy}, now(), now()${condition ? sql` where ${condition}` : sql``}`,
      )
      .returning(writtenColumns),
  );
  return { item, actor: { userId: item.createdBy, keyId: newItem.actorKeyId } };
}

/** Who acts, as typed parameters of a statement. */
const actorIn = (actor: Actor) => ({
  userId: sql`${actor.userId}::uuid`,
  keyId: sql`${actor.keyId}::uuid`,
});

/** The change of the team's item `id` by `actor`. */
export function updated(
  db: Db,
  tenantId: string,
  id: string,
  actor: Actor,
  values: { name?: string; description?: string | null },
): ItemWrite {
  const item = db.$with('item').as(
    db
      .update(items)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)))
      .returning(writtenColumns),
  );
  return { item, actor: actorIn(actor) };
}

/** The deletion of the team's item `id` by `actor`. */
export function deleted(db: Db, tenantId: string, id: string, actor: Actor): ItemWrite {
  const item = db.$with('item').as(
    db
      .delete(items)
      .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)))
      .returning(writtenColumns),
  );
  return { item, actor: actorIn(actor) };
}

/**
 * The statement of a write: `WITH item AS (<the write>), <then, each reading the one before> SELECT <the item in the
 * API's form> FROM item`. A change that finds no item returns no row, and what follows it reads none.
 */
export function answered(db: Db, item: WrittenItem, then: WithSubquery[]) {
  return db
    .with(item, ...then)
    .select(itemRow(item))
    .from(item);
}
