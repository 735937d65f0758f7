// Items (docs/contract.md section 3): any member reads and writes the team's items, and so does an API key with the
// scope; another team's item is simply not found.
import { randomUUID } from 'node:crypto';

import { isUuid, type Item } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { TeamCaller } from '../../plugins/tenant.ts';
import { activityFrom } from '../activity/activity.service.ts';
import { itemsUnlimited, requireRoomFor } from '../billing/billing.service.ts';
import * as repo from './items.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Item not found', 'item_not_found');

function toItem(row: repo.ItemRecord): Item {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/**
 * An item's writes, each one statement with its entry in the team's log (docs/decisions/016): billing's plan
 * condition and activity's entry are handed to the repository once, and its statements are prepared per handle.
 */
const writes = repo.itemWrites({ itemsUnlimited, activityFrom });

export async function listItems(db: Db, ctx: TeamCaller, query: PageQuery): Promise<Page<Item>> {
  return readPage(
    query,
    (limit, after) =>
      withTenantStatement(db, ctx.tenantId, (tx) => repo.findItems(tx, ctx.tenantId, limit, after)),
    toItem,
  );
}

export async function getItem(db: Db, ctx: TeamCaller, id: string): Promise<Item> {
  if (!isUuid(id)) throw notFound();
  const item = await withTenantStatement(db, ctx.tenantId, (tx) => repo.findItem(tx, ctx.tenantId, id));
  if (!item) throw notFound();
  return toItem(item);
}

export async function createItem(
  db: Db,
  ctx: TeamCaller,
  { name, description }: { name: string; description?: string | null | undefined },
): Promise<Item> {
  const values = {
    uuid: randomUUID(),
    tenantId: ctx.tenantId,
    createdBy: ctx.actor.userId,
    actorKeyId: ctx.actor.keyId,
    name,
    description: description ?? null,
  };
  // Most plans set no item limit: one statement (the item and its entry) and one round trip, as the hottest write
  // was before limits.
  const unlimited = await withTenantStatement(db, ctx.tenantId, (tx) => writes.insertIfUnlimited(tx, values));
  if (unlimited) return toItem(unlimited);
  const item = await withTenantScope(db, ctx.tenantId, async (tx) => {
    // Of two creates for the last place only one is made.
    await requireRoomFor(tx, ctx.tenantId, 'items', () => repo.countItems(tx, ctx.tenantId));
    return writes.insert(tx, values);
  });
  return toItem(item);
}

/** How many items the team has, for its usage (docs/contract.md section 4). */
export async function countItems(tx: Db, tenantId: string): Promise<number> {
  return repo.countItems(tx, tenantId);
}

export async function updateItem(
  db: Db,
  ctx: TeamCaller,
  id: string,
  changes: { name?: string | undefined; description?: string | null | undefined },
): Promise<Item> {
  if (!isUuid(id)) throw notFound();
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  // One statement, the change and its entry: one round trip.
  const item = await withTenantStatement(db, ctx.tenantId, (tx) =>
    writes.update(tx, ctx.tenantId, id, ctx.actor, values),
  );
  if (!item) throw notFound();
  return toItem(item);
}

export async function deleteItem(db: Db, ctx: TeamCaller, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await withTenantStatement(db, ctx.tenantId, (tx) =>
    writes.delete(tx, ctx.tenantId, id, ctx.actor),
  );
  if (!deleted) throw notFound();
}
