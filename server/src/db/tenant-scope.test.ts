// Row-level security holds even for a query that forgets its tenant filter, on PGlite and on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { items, memberships, tenants, users } from './schema/index.ts';
import { withTenantScope } from './tenant-scope.ts';

let database: TestDatabase;
let teamA = '';
let teamB = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [user] = await db.insert(users).values({ email: 'scope@example.com', passwordHash: 'x' }).returning();
  // A team and its owner arrive together: the database refuses a team without an owner at commit.
  [teamA, teamB] = (await db.transaction(async (tx) => {
    const created = await tx
      .insert(tenants)
      .values([{ name: 'A' }, { name: 'B' }])
      .returning();
    await tx
      .insert(memberships)
      .values(created.map((team) => ({ tenantId: team.uuid, userId: user!.uuid, role: 'owner' as const })));
    return created.map((team) => team.uuid);
  })) as [string, string];
  await db.insert(items).values([
    { tenantId: teamA, name: 'a1' },
    { tenantId: teamA, name: 'a2' },
    { tenantId: teamB, name: 'b1' },
  ]);
});
afterAll(() => database.drop());

describe('withTenantScope', () => {
  it('shows only the scoped tenant’s rows to a query without a tenant filter', async () => {
    const names = await withTenantScope(database.db, teamA, (tx) =>
      tx.select({ name: items.name }).from(items).orderBy(items.name),
    );
    expect(names.map((row) => row.name)).toEqual(['a1', 'a2']);
    const teams = await withTenantScope(database.db, teamB, (tx) => tx.select().from(tenants));
    expect(teams.map((team) => team.uuid)).toEqual([teamB]);
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      withTenantScope(database.db, teamA, (tx) =>
        tx.insert(items).values({ tenantId: teamB, name: 'sneaky' }),
      ),
    ).rejects.toThrow();
    const updated = await withTenantScope(database.db, teamA, (tx) =>
      tx.update(items).set({ name: 'renamed' }).where(eq(items.name, 'b1')).returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await withTenantScope(database.db, teamA, (tx) => tx.delete(items).returning());
    expect(deleted.map((row) => row.name).sort()).toEqual(['a1', 'a2']);
    const left = await database.db.select({ name: items.name }).from(items);
    expect(left.map((row) => row.name)).toEqual(['b1']);
  });

  it('keeps password hashes out of the restricted role’s reach', async () => {
    await expect(
      withTenantScope(database.db, teamA, (tx) => tx.select({ hash: users.passwordHash }).from(users)),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
    const emails = await withTenantScope(database.db, teamA, (tx) =>
      tx.select({ email: users.email }).from(users),
    );
    expect(emails).toEqual([{ email: 'scope@example.com' }]);
  });

  it('ends with the transaction: the connection is back to its own role afterwards', async () => {
    await withTenantScope(database.db, teamA, async () => {});
    const result = (await database.db.execute(sql`select current_user as role`)) as unknown as {
      rows: { role: string }[];
    };
    expect(result.rows[0]?.role).not.toBe('tessera_tenant');
    expect(await database.db.select({ name: items.name }).from(items)).toEqual([{ name: 'b1' }]);
  });
});
