// The pool settings of docs/contract.md section 5, on the PostgreSQL pass of the suite (PGlite has no pool).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { openDatabase } from './client.ts';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('a PostgreSQL database opened with pool settings', () => {
  it('names its connections tessera, keeps to DATABASE_POOL_MAX and ends statements past the timeout', async () => {
    const database = await openDatabase({
      databaseUrl,
      dataDir: '',
      databasePool: { max: 2, statementTimeoutMs: 300 },
    });
    try {
      if (database.kind !== 'postgres') throw new Error('expected a pool');
      const { rows } = await database.pool.query<{ name: string }>(
        'select application_name as name from pg_stat_activity where pid = pg_backend_pid()',
      );
      expect(rows).toEqual([{ name: 'tessera' }]);

      await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
        cause: { code: '57014' },
      });
      // A short statement on the same pool still runs.
      await expect(database.db.execute(sql`select pg_sleep(0.01)`)).resolves.toBeDefined();

      // Three statements at once on at most two connections: the third waits for one to come back.
      await Promise.all([1, 2, 3].map(() => database.pool.query('select pg_sleep(0.05)')));
      expect(database.pool.totalCount).toBe(2);
    } finally {
      await database.close();
    }
  });
});
