// The app as `npm start` runs it, plus one bare route for the benchmark's yardstick: it verifies the same JWT and
// runs the same items query on the same database pool, with none of the app's per-request work (membership
// check, row-level-security transaction, validation, serialization). Also reports the process's peak memory.
import { desc, eq, sql } from 'drizzle-orm';

import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { items } from '../server/src/db/schema/items.ts';

const config = loadConfig();
const database = await openDatabase(config);
await migrateDatabase(database);
const app = await buildApp({ config, database });
const { db } = database;

const baselineQuery = db
  .select({
    uuid: items.uuid,
    name: items.name,
    description: items.description,
    createdAt: items.createdAt,
    updatedAt: items.updatedAt,
    sortAt: sql<string>`${items.createdAt}::text`,
  })
  .from(items)
  .where(eq(items.tenantId, sql.placeholder('tenantId')))
  .orderBy(desc(items.createdAt), desc(items.uuid))
  .limit(101)
  .prepare('bench_baseline_items');

app.get('/bench/baseline', async (request, reply) => {
  const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
  if (!(await app.accessTokens.verify(token))) return reply.status(401).send();
  const tenantId = request.headers['x-tenant-uuid'] as string;
  return baselineQuery.execute({ tenantId });
});

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const { rss, heapUsed } = process.memoryUsage();
  peakRss = Math.max(peakRss, rss);
  peakHeap = Math.max(peakHeap, heapUsed);
};
setInterval(sample, 250).unref();
app.get('/bench/memory', async () => {
  // Started with --expose-gc: measure what is still referenced, not garbage not yet collected.
  (globalThis as { gc?: () => void }).gc?.();
  sample();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed, peakRss, peakHeap };
});

process.on('SIGTERM', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});
await app.listen({ port: config.port, host: '127.0.0.1' });
