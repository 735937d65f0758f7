import { afterAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/helpers.ts';
import { migrateDatabase } from './migrate.ts';
import { users } from './schema/users.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describe('migrations', () => {
  it('create the schema, and applying them again changes nothing', async () => {
    await database.db.insert(users).values({ email: 'kept@example.com' });
    await migrateDatabase(database);
    const rows = await database.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: 'kept@example.com' }]);
  });
});
