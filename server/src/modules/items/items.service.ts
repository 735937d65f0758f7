// Items (docs/contract.md section 3): any member reads and writes the team's items; another team's item is simply not found.
import { isUuid, type Item } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { TenantContext } from '../../plugins/tenant.ts';
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
  const item = await withTenantStatement(db, ctx.tenantId, (tx) =>
    repo.insertItem(tx, {
      tenantId: ctx.tenantId,
      createdBy: ctx.userId,
      name,
      description: description ?? null,
    }),
  );
  return toItem(item);
}

export async function updateItem(
  db: Db,
  ctx: TenantContext,
  id: string,
  changes: { name?: string | undefined; description?: string | null | undefined },
): Promise<Item> {
  if (!isUuid(id)) throw notFound();
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const item = await withTenantStatement(db, ctx.tenantId, (tx) =>
    repo.updateItem(tx, ctx.tenantId, id, values),
  );
  if (!item) throw notFound();
  return toItem(item);
}

export async function deleteItem(db: Db, ctx: TenantContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await withTenantStatement(db, ctx.tenantId, (tx) => repo.deleteItem(tx, ctx.tenantId, id));
  if (!deleted) throw notFound();
}
