// withRowMapper maps rows to the objects Drizzle's own mapping makes, and is in place on the hot reads' statements.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { isoTime } from './iso-time.ts';
import { preparedPerHandle, withRowMapper } from './prepared.ts';
import { items } from './schema/items.ts';
import { memberships } from './schema/memberships.ts';
import { tenants } from './schema/tenants.ts';
import { users } from './schema/users.ts';

let database: TestDatabase;
let tenantId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db.insert(users).values({ email: 'rows@example.com' }).returning();
  // A team keeps an owner (migration 0008), checked at commit.
  tenantId = await database.db.transaction(async (tx) => {
    const [tenant] = await tx.insert(tenants).values({ name: 'Rows' }).returning();
    await tx.insert(memberships).values({ tenantId: tenant!.uuid, userId: user!.uuid, role: 'owner' });
    return tenant!.uuid;
  });
  await database.db.insert(items).values([
    { tenantId, createdBy: user!.uuid, name: 'With a description', description: 'Text' },
    { tenantId, createdBy: user!.uuid, name: 'Without', description: null },
  ]);
});
afterAll(() => database.drop());

// Every kind of field: columns that decode (a Date), that do not (text, uuid), nullable ones, SQL with and without
// a decoder of its own, and an aliased SQL.
const fields = {
  uuid: items.uuid,
  name: items.name,
  description: items.description,
  createdAt: items.createdAt,
  updatedAtIso: isoTime(items.updatedAt),
  length: sql<number>`length(${items.name})`.mapWith(Number),
  nothing: sql<null>`null`,
  upper: sql<string>`upper(${items.name})`.as('upper'),
};
const page = (db: TestDatabase['db'], name: string) =>
  db
    .select(fields)
    .from(items)
    .where(eq(items.tenantId, sql.placeholder('tenantId')))
    .orderBy(items.name)
    .prepare(name);

it('maps every kind of field as Drizzle does, nulls and decoders included', async () => {
  const byDrizzle = await page(database.db, 'rows_by_drizzle').execute({ tenantId });
  const byMapper = await withRowMapper(page(database.db, 'rows_by_mapper')).execute({ tenantId });
  expect(byDrizzle).toHaveLength(2);
  expect(byMapper).toEqual(byDrizzle);
  expect(byMapper[0]!.createdAt).toBeInstanceOf(Date);
  expect(byMapper[0]!.length).toBe('With a description'.length);
  expect(byMapper[1]!.description).toBeNull();
  expect(byMapper[1]!.nothing).toBeNull();
});

it('is in place on a statement prepared per handle, and once per handle', async () => {
  const prepared = preparedPerHandle((db) => page(db, 'rows_per_handle'));
  const query = prepared(database.db);
  expect((query as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
  expect(prepared(database.db)).toBe(query);
});

it("leaves a nested selection to Drizzle's own mapping", async () => {
  const nested = withRowMapper(
    database.db
      .select({ item: { name: items.name }, tenant: { name: tenants.name } })
      .from(items)
      .innerJoin(tenants, eq(tenants.uuid, items.tenantId))
      .prepare('rows_nested'),
  );
  expect((nested as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
  expect(await nested.execute()).toContainEqual({ item: { name: 'Without' }, tenant: { name: 'Rows' } });
});
