// isoTime writes what Date#toISOString writes, for any instant the app stores, on PGlite and on PostgreSQL, in the
// session's own zone (sliced) and in any other (parsed).
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { isoTime } from './iso-time.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('formats a timestamptz as Date#toISOString does, in any session time zone', async () => {
  const instants = fc.date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('9999-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  // Microseconds beyond the Date's milliseconds: PostgreSQL keeps them, and both truncate them alike.
  const micros = fc.integer({ min: 0, max: 999 });
  const zones = fc.constantFrom('UTC', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham');
  await fc.assert(
    fc.asyncProperty(instants, micros, zones, async (instant, micro, zone) => {
      const text = `${instant.toISOString().slice(0, -1)}${String(micro).padStart(3, '0')}Z`;
      const [row] = await database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('TimeZone', ${zone}, true)`);
        return tx.select({ iso: isoTime(sql`${text}::timestamptz`) }).from(sql`(values (1)) as one (x)`);
      });
      expect(row?.iso).toBe(instant.toISOString());
    }),
    { numRuns: 200 },
  );
});
