// Row-level security holds even for a query that forgets its tenant filter, on PGlite and on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { items, memberships, tenants, users } from './schema/index.ts';
import { withTenantScope, withTenantStatement } from './tenant-scope.ts';

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
  it('is one transaction: a failing statement undoes the ones before it, and the next scope starts clean', async () => {
    let inserted = 0;
    await expect(
      withTenantScope(database.db, teamA, async (tx) => {
        inserted = (await tx.insert(items).values({ tenantId: teamA, name: 'undone' }).returning()).length;
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(inserted).toBe(1);
    // Every connection of the pool, not only the one that failed: each is back to its own role, outside any scope.
    const states = await Promise.all(
      Array.from({ length: 12 }, () =>
        database.db.execute(
          sql`select current_user as role, current_setting('app.tenant_id', true) as tenant`,
        ),
      ),
    );
    for (const state of states) {
      const [row] = (state as unknown as { rows: { role: string; tenant: string | null }[] }).rows;
      expect(row?.role).not.toBe('tessera_tenant');
      expect(row?.tenant ?? '').toBe('');
    }
    const names = await withTenantScope(database.db, teamA, (tx) =>
      tx.select({ name: items.name }).from(items),
    );
    expect(names.map((row) => row.name)).not.toContain('undone');
  });
});

describe('withTenantStatement', () => {
  it('runs its one statement scoped, and commits it', async () => {
    const [made] = await withTenantStatement(database.db, teamB, (tx) =>
      tx.insert(items).values({ tenantId: teamB, name: 'b2' }).returning(),
    );
    expect(made?.name).toBe('b2');
    expect(await withTenantStatement(database.db, teamB, (tx) => tx.select().from(tenants))).toMatchObject([
      { uuid: teamB },
    ]);
    await expect(
      withTenantStatement(database.db, teamA, (tx) =>
        tx.insert(items).values({ tenantId: teamB, name: 'sneaky' }),
      ),
    ).rejects.toThrow();
    const names = await database.db.select({ name: items.name }).from(items).where(eq(items.tenantId, teamB));
    expect(names.map((row) => row.name).sort()).toEqual(['b1', 'b2']);
  });

  // On PostgreSQL the COMMIT leaves right behind the first statement: a second would run after it, outside the scope.
  it.runIf(process.env.DATABASE_URL)(
    'refuses a second statement, which never reaches the database',
    async () => {
      await expect(
        withTenantStatement(database.db, teamA, async (tx) => {
          await tx.select().from(items);
          await tx.delete(items);
        }),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/runs one statement/) } });
      expect(
        await database.db.select({ name: items.name }).from(items).where(eq(items.tenantId, teamB)),
      ).toHaveLength(2);
    },
  );
});
