// Items (docs/contract.md section 3): any member reads and writes the team's items, and so does an API key with the
// scope; another team's item is simply not found.
import { randomUUID } from 'node:crypto';

import { isUuid, type Item } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import { actorOf, type TeamCaller } from '../../lib/caller.ts';
import { loggedFrom } from '../activity/activity.service.ts';
import { itemsUnlimited, requireRoomFor } from '../billing/billing.service.ts';
import * as repo from './items.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Item not found', 'item_not_found');

/**
 * An item's write as ONE statement whose parts each module gives in order, each reading only the one before it: the
 * write (`item`, this module's), its entry in the team's log (`entry`, `logged`: activity's), and the deliveries the
 * logged entry fans out to (`queued`: webhooks', through activity), answered with the item in the API's form. The
 * change, its entry and its deliveries commit or fail together, in one round trip; a change that finds no item logs
 * and queues nothing (docs/decisions/016 and 029).
 */
function written(
  db: Db,
  { item, actor }: repo.ItemWrite,
  action: 'item.created' | 'item.updated' | 'item.deleted',
) {
  const logged = loggedFrom(item, {
    tenantId: item.tenantId,
    actorId: actor.userId,
    actorKeyId: actor.keyId,
    action,
    details: { item: item.uuid, name: item.name },
    // The event's data is the item as the API answers it.
    data: repo.itemData(item),
  });
  return repo.answered(db, item, logged);
}

/**
 * The hottest write, for a team whose plan sets no item limit (billing's condition, embedded): the item, its entry
 * and its deliveries, or nothing when the plan has a limit (createItem then counts under the team's lock). Both
 * inserts are prepared once per handle, as the pages are.
 */
const insertIfUnlimited = preparedPerHandle((db) =>
  written(db, repo.inserted(db, itemsUnlimited(repo.newItem.tenantId)), 'item.created').prepare(
    'insert_item_unlimited',
  ),
);
/** The insert after the limit was checked under the team's lock. */
const insert = preparedPerHandle((db) =>
  written(db, repo.inserted(db), 'item.created').prepare('insert_item'),
);

export async function listItems(db: Db, caller: TeamCaller, query: PageQuery): Promise<Page<Item>> {
  return readPage(
    query,
    (limit, after) =>
      withTenantStatement(db, caller.tenantId, (tx) => repo.findItems(tx, caller.tenantId, limit, after)),
    ({ sortAt: _, ...item }) => item,
  );
}

export async function getItem(db: Db, caller: TeamCaller, id: string): Promise<Item> {
  if (!isUuid(id)) throw notFound();
  const item = await withTenantStatement(db, caller.tenantId, (tx) => repo.findItem(tx, caller.tenantId, id));
  if (!item) throw notFound();
  return item;
}

export async function createItem(
  db: Db,
  caller: TeamCaller,
  { name, description }: { name: string; description?: string | null | undefined },
): Promise<Item> {
  const actor = actorOf(caller);
  const values: repo.NewItem = {
    uuid: randomUUID(),
    tenantId: caller.tenantId,
    createdBy: actor.userId,
    actorKeyId: actor.keyId,
    name,
    description: description ?? null,
  };
  // Most plans set no item limit: one statement (the item, its entry and its deliveries) and one round trip, as the
  // hottest write was before limits.
  const [unlimited] = await withTenantStatement(db, caller.tenantId, (tx) =>
    insertIfUnlimited(tx).execute(values),
  );
  if (unlimited) return unlimited;
  const [item] = await withTenantScope(db, caller.tenantId, async (tx) => {
    // Of two creates for the last place only one is made.
    await requireRoomFor(tx, caller.tenantId, 'items', () => repo.countItems(tx, caller.tenantId));
    return insert(tx).execute(values);
  });
  return item!;
}

/** How many items the team has, for its usage (docs/contract.md section 4). */
export async function countItems(tx: Db, tenantId: string): Promise<number> {
  return repo.countItems(tx, tenantId);
}

export async function updateItem(
  db: Db,
  caller: TeamCaller,
  id: string,
  changes: { name?: string | undefined; description?: string | null | undefined },
): Promise<Item> {
  if (!isUuid(id)) throw notFound();
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  // One statement, the change, its entry and its deliveries: one round trip.
  const [item] = await withTenantStatement(db, caller.tenantId, (tx) =>
    written(tx, repo.updated(tx, caller.tenantId, id, actorOf(caller), values), 'item.updated').execute(),
  );
  if (!item) throw notFound();
  return item;
}

export async function deleteItem(db: Db, caller: TeamCaller, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const [deleted] = await withTenantStatement(db, caller.tenantId, (tx) =>
    written(tx, repo.deleted(tx, caller.tenantId, id, actorOf(caller)), 'item.deleted').execute(),
  );
  if (!deleted) throw notFound();
}
