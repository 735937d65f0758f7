// Items (docs/contract.md section 3): any member reads and writes the team's items; another team's item is simply not found.
import { randomUUID } from 'node:crypto';

import { isUuid, type Item } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { TenantContext } from '../../plugins/tenant.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { requireRoomFor } from '../billing/billing.service.ts';
import * as repo from './items.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Item not found');

function toItem(row: repo.ItemRecord): Item {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** Each change of an item goes in the team's log with the change itself. */
function recordItemActivity(
  tx: Db,
  ctx: TenantContext,
  action: 'item.updated' | 'item.deleted',
  item: { uuid: string; name: string },
) {
  return recordActivity(tx, {
    tenantId: ctx.tenantId,
    actorId: ctx.userId,
    action,
    details: { item: item.uuid, name: item.name },
  });
}

export async function listItems(db: Db, ctx: TenantContext, query: PageQuery): Promise<Page<Item>> {
  return readPage(
    query,
    (limit, after) =>
      withTenantStatement(db, ctx.tenantId, (tx) => repo.findItems(tx, ctx.tenantId, limit, after)),
    toItem,
  );
}

export async function getItem(db: Db, ctx: TenantContext, id: string): Promise<Item> {
  if (!isUuid(id)) throw notFound();
  const item = await withTenantStatement(db, ctx.tenantId, (tx) => repo.findItem(tx, ctx.tenantId, id));
  if (!item) throw notFound();
  return toItem(item);
}

export async function createItem(
  db: Db,
  ctx: TenantContext,
  { name, description }: { name: string; description?: string | null | undefined },
): Promise<Item> {
  const values = {
    uuid: randomUUID(),
    tenantId: ctx.tenantId,
    createdBy: ctx.userId,
    name,
    description: description ?? null,
  };
  // Most plans set no item limit: one statement and one round trip, as the hottest write was before limits. The
  // insert's trigger writes its log entry (migration 0014).
  const unlimited = await withTenantStatement(db, ctx.tenantId, (tx) =>
    repo.insertItemIfUnlimited(tx, values),
  );
  if (unlimited) return toItem(unlimited);
  const item = await withTenantScope(db, ctx.tenantId, async (tx) => {
    // Of two creates for the last place only one is made.
    await requireRoomFor(tx, ctx.tenantId, 'items', () => repo.countItems(tx, ctx.tenantId));
    return repo.insertItem(tx, values);
  });
  return toItem(item);
}

/** How many items the team has, for its usage (docs/contract.md section 4). */
export async function countItems(tx: Db, tenantId: string): Promise<number> {
  return repo.countItems(tx, tenantId);
}

export async function updateItem(
  db: Db,
  ctx: TenantContext,
  id: string,
  changes: { name?: string | undefined; description?: string | null | undefined },
): Promise<Item> {
  if (!isUuid(id)) throw notFound();
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const item = await withTenantScope(db, ctx.tenantId, async (tx) => {
    const updated = await repo.updateItem(tx, ctx.tenantId, id, values);
    if (!updated) throw notFound();
    await recordItemActivity(tx, ctx, 'item.updated', updated);
    return updated;
  });
  return toItem(item);
}

export async function deleteItem(db: Db, ctx: TenantContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await withTenantScope(db, ctx.tenantId, async (tx) => {
    const deleted = await repo.deleteItem(tx, ctx.tenantId, id);
    if (!deleted) throw notFound();
    await recordItemActivity(tx, ctx, 'item.deleted', deleted);
  });
}
