import type { Db } from './client.ts';

/**
 * A prepared statement built once per database handle rather than on every call: Drizzle then assembles its SQL
 * once, and PostgreSQL parses and plans it once per connection. A tenant scope's handle is its pooled connection's
 * (db/tenant-scope.ts), so the hot reads are built once per connection; a handle that comes and goes (a PGlite
 * transaction) builds it anew, and the cache forgets it with the handle.
 */
export function preparedPerHandle<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
