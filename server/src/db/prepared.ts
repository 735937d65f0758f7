import { Column, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';

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

/**
 * The two statements of a keyset list (lib/pagination.ts), each prepared once per handle: the first page, and a page
 * after a cursor's key, whose statement `build` makes with `afterKey` true and `pastKey` in its WHERE.
 */
export function keysetPages<R>(
  build: (db: Db, afterKey: boolean) => { execute(values: Record<string, unknown>): Promise<R> },
) {
  const first = preparedPerHandle((db) => build(db, false));
  const later = preparedPerHandle((db) => build(db, true));
  return (db: Db, values: Record<string, unknown>, after?: readonly [string, string]): Promise<R> =>
    after
      ? later(db).execute({ ...values, afterAt: after[0], afterId: after[1] })
      : first(db).execute(values);
}

/** Rows past the cursor's key in the list's order (`<` newest first, `>` oldest first), as placeholders. */
export const pastKey = (order: '<' | '>', at: SQLWrapper, id: SQLWrapper) =>
  sql`(${at}, ${id}) ${sql.raw(order)} (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** What Drizzle's prepared queries (node-postgres and PGlite alike) keep of their selection, and their hook. */
type PreparedInternals = {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
};

/**
 * Gives a prepared select of flat fields a row mapper that knows each field's decoder in advance. Drizzle's own
 * (mapResultRow) finds it anew for every field of every row by testing the field's class, and that test, which walks
 * the prototype chain of every SQL field (timestamps, sort keys), was 14% of the busy time of a page of items
 * (docs/decisions/013). The result is the same objects Drizzle makes: db/prepared.test.ts holds it to that, and to the
 * mapper being in place. A nested selection (a joined table's object) keeps Drizzle's.
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
