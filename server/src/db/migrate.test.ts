import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/helpers.ts';
import { migrateDatabase } from './migrate.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describe('migrations', () => {
  it('create the schema, and applying them again changes nothing', async () => {
    await database.db.execute(sql`insert into users (email) values ('kept@example.com')`);
    await migrateDatabase(database, { migrationsSchema: database.migrationsSchema });
    const { rows } = await database.db.execute<{ email: string }>(sql`select email from users`);
    expect(rows.map((row) => row.email)).toEqual(['kept@example.com']);
  });
});
