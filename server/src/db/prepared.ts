import { Column, is, SQL } from 'drizzle-orm';

import type { Db } from './client.ts';

/**
 * A prepared statement built once per database handle rather than on every call: Drizzle then assembles its SQL
 * once, and PostgreSQL parses and plans it once per connection. A tenant scope's handle is its pooled connection's
 * (db/tenant-scope.ts), so the hot reads are built once per connection; a handle that comes and goes (a PGlite
 * transaction) builds it anew, and the cache forgets it with the handle. Rows are mapped as `withRowMapper` says.
 */
export function preparedPerHandle<Q extends object>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = withRowMapper(build(db));
      cache.set(db, query);
    }
    return query;
  };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** What Drizzle's prepared queries (node-postgres and PGlite alike) keep of their selection, and their hook. */
type PreparedInternals = {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
};

/**
 * Gives a prepared select of flat fields a row mapper that knows each field's decoder in advance. Drizzle's own
 * (mapResultRow) finds it anew for every field of every row by testing the field's class, and that test, which walks
 * the prototype chain of every SQL field (timestamps formatted by PostgreSQL, sort keys), was a tenth of the busy
 * time of a page of items (docs/decisions/013). The result is the same objects Drizzle makes: test/prepared-rows.test.ts
 * holds it to that, and to the mapper being in place. A nested selection (a joined table's object) keeps Drizzle's.
 */
export function withRowMapper<Q extends object>(query: Q): Q {
  const prepared = query as PreparedInternals;
  const fields = prepared.fields;
  if (!fields || prepared.customResultMapper || fields.some(({ path }) => path.length !== 1)) return query;
  const keys = fields.map(({ path }) => path[0]!);
  const decoders = fields.map(({ field }): Decoder => {
    if (is(field, Column)) return field;
    // A SQL field's decoder is internal to Drizzle: `sql<T>` with `.mapWith()` sets it, plain `sql` is the identity.
    if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
    if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
    throw new Error(`withRowMapper: no decoder for the field ${keys.join(', ')}`);
  });
  prepared.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const value = row[index];
        mapped[keys[index]!] = value === null ? null : decoders[index]!.mapFromDriverValue(value);
      }
      return mapped;
    });
  return query;
}
