import type { Item } from '@app/contract';
import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

import type { PgColumn, WithSubqueryWithSelection } from 'drizzle-orm/pg-core';

import type { Db } from '../../db/client.ts';
import { isoTime, isoTimeText, pgTime } from '../../db/iso-time.ts';
import { keysetPages, pastKey, preparedPerHandle } from '../../db/prepared.ts';
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

type NewItem = {
  uuid: string;
  tenantId: string;
  /** The member who creates it, or null when an API key does (then `actorKeyId`). */
  createdBy: string | null;
  actorKeyId: string | null;
  name: string;
  description: string | null;
};

/**
 * What an item's writes embed from the modules below (items.service.ts hands them in, so this file imports no other
 * module): billing's condition that the team's plan sets no item limit, and activity's insert of one log entry per
 * row of a CTE of the statement.
 */
export type ItemWriteParts = {
  itemsUnlimited: (tenantId: SQL) => SQL;
  activityFrom: (
    source: SQLWrapper,
    entry: {
      tenantId: SQLWrapper;
      actorId: SQLWrapper;
      actorKeyId: SQLWrapper;
      action: 'item.created' | 'item.updated' | 'item.deleted';
      details: Record<string, SQLWrapper>;
      data: Record<string, SQLWrapper>;
    },
  ) => SQL[];
};

/** What a written item's CTE returns: the row the answer is read from, and what its log entry names. */
const writtenColumns = {
  uuid: items.uuid,
  tenantId: items.tenantId,
  createdBy: items.createdBy,
  name: items.name,
  description: items.description,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
};

/**
 * An item's writes, each ONE statement that also logs it (docs/decisions/016): `WITH item AS (INSERT | UPDATE |
 * DELETE … RETURNING …), logged_0 AS (INSERT INTO activity_log … SELECT … FROM item), logged_1 AS (the webhook
 * deliveries it queues) SELECT … FROM item`. The entry is written only for a row the change returned, so a change
 * that finds no item logs nothing, and the change and its entry commit or fail together. The inserts are prepared
 * once per handle, as the pages are.
 */
export function itemWrites({ itemsUnlimited, activityFrom }: ItemWriteParts) {
  /** The statement around a write's CTE: its entry logged, and the item read back in the API's form. */
  const logged = (
    db: Db,
    item: WithSubqueryWithSelection<typeof writtenColumns, 'item'>,
    action: 'item.created' | 'item.updated' | 'item.deleted',
    actor: { userId: SQLWrapper; keyId: SQLWrapper },
  ) => {
    const parts = activityFrom(item, {
      tenantId: item.tenantId,
      actorId: actor.userId,
      actorKeyId: actor.keyId,
      action,
      details: { item: item.uuid, name: item.name },
      // A webhook's data is the item as the API answers it.
      data: itemShape(item, isoTimeText),
    });
    const logs = parts.map((part, index) => db.$with(`logged_${index}`, {}).as(part));
    return db.with(item, ...logs).select(itemRow(item));
  };
  /** Who acts, as typed parameters of a statement. */
  const actorOf = (actor: Actor) => ({
    userId: sql`${actor.userId}::uuid`,
    keyId: sql`${actor.keyId}::uuid`,
  });
  const placeholder = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

  /** The insert of a team whose plan sets no item limit: the row, or none when the plan has a limit. */
  const insertIfUnlimited = preparedPerHandle((db) => {
    const item = db.$with('item').as(
      db
        .insert(items)
        .select(
          sql`select ${placeholder('uuid', 'uuid')}, ${placeholder('tenantId', 'uuid')}, ${placeholder('name', 'text')},
            ${placeholder('description', 'text')}, ${placeholder('createdBy', 'uuid')}, now(), now()
          where ${itemsUnlimited(placeholder('tenantId', 'uuid'))}`,
        )
        .returning(writtenColumns),
    );
    // The entry's actor is the item's creator, as the row records it, or the key that created it.
    return logged(db, item, 'item.created', {
      userId: item.createdBy,
      keyId: placeholder('actorKeyId', 'uuid'),
    })
      .from(item)
      .prepare('insert_item_unlimited');
  });

  /** The insert after the limit was checked under the team's lock. */
  const insert = preparedPerHandle((db) => {
    const item = db.$with('item').as(
      db
        .insert(items)
        .values({
          uuid: sql.placeholder('uuid'),
          tenantId: sql.placeholder('tenantId'),
          createdBy: sql.placeholder('createdBy'),
          name: sql.placeholder('name'),
          description: sql.placeholder('description'),
        })
        .returning(writtenColumns),
    );
    return logged(db, item, 'item.created', {
      userId: item.createdBy,
      keyId: placeholder('actorKeyId', 'uuid'),
    })
      .from(item)
      .prepare('insert_item');
  });

  return {
    /**
     * The hottest write, for a team whose plan sets no item limit: one statement planned once per connection, the
     * item and its entry, or nothing when the plan has a limit (the caller then counts under the team's lock).
     */
    async insertIfUnlimited(db: Db, values: NewItem) {
      const [item] = await insertIfUnlimited(db).execute(values);
      return item;
    },

    async insert(db: Db, values: NewItem) {
      const [item] = await insert(db).execute(values);
      return item!;
    },

    /** The changed item, logged as `actor`'s change; undefined when there was none. */
    async update(
      db: Db,
      tenantId: string,
      id: string,
      actor: Actor,
      values: { name?: string; description?: string | null },
    ) {
      const item = db.$with('item').as(
        db
          .update(items)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)))
          .returning(writtenColumns),
      );
      const [updated] = await logged(db, item, 'item.updated', actorOf(actor)).from(item);
      return updated;
    },

    /** The deleted item, logged as `actor`'s deletion; undefined when there was none. */
    async delete(db: Db, tenantId: string, id: string, actor: Actor) {
      const item = db.$with('item').as(
        db
          .delete(items)
          .where(and(eq(items.tenantId, tenantId), eq(items.uuid, id)))
          .returning(writtenColumns),
      );
      const [deleted] = await logged(db, item, 'item.deleted', actorOf(actor)).from(item);
      return deleted;
    },
  };
}
