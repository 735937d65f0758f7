// The app as `npm start` runs it, plus two routes for the benchmark (bench/run.mjs). GET /bench/floor, the
// in-process floor: the bare process's work (bench/bare-server.mjs: JWT, one membership query, the tenant's 50
// newest items) done inside the app, behind every global hook, through drizzle and the app's pool, with none of a
// route's own work (row-level-security transaction, validation, serialization by schema). Not the yardstick: it
// splits an endpoint's distance from the bare process into what the app's frame costs every request (floor ÷
// bare) and what the route adds (endpoint ÷ floor); its variants price the two rules of the design the bare process
// leaves out (below). GET /bench/memory: the process's heap and peak memory. And the
// webhook worker's backlog (below).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { RouteHandlerMethod } from 'fastify';

import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Db, openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { preparedPerHandle } from '../server/src/db/prepared.ts';
import { items } from '../server/src/db/schema/items.ts';
import { memberships } from '../server/src/db/schema/memberships.ts';
import { withTenantStatement } from '../server/src/db/tenant-scope.ts';
import { webhookDeliveries, webhookEndpoints } from '../server/src/db/schema/webhooks.ts';

const config = loadConfig();
const database = await openDatabase(config);
await migrateDatabase(database);
const app = await buildApp({ config, database });
const { db } = database;

const newestItemColumns = {
  uuid: items.uuid,
  name: items.name,
  description: items.description,
  created_at: items.createdAt,
  updated_at: items.updatedAt,
};
const newest = (handle: Db, name: string) =>
  handle
    .select(newestItemColumns)
    .from(items)
    .where(eq(items.tenantId, sql.placeholder('tenantId')))
    .orderBy(desc(items.createdAt), desc(items.uuid))
    .limit(sql.placeholder('limit'))
    .prepare(name);
// Prepared once per handle (the app's pool, or a scope's: db/tenant-scope.ts), as the items route's statement is.
const floorItems = preparedPerHandle((handle) => newest(handle, 'bench_floor_items'));

// The floor's two variants price the design's two rules for the items read (information, run.mjs): the session check
// (the bare process asks only for the membership) and the row-level-security transaction (the route's).
const membershipOnly = db
  .select({ role: memberships.role })
  .from(memberships)
  .where(
    and(
      eq(memberships.tenantId, sql.placeholder('tenantId')),
      eq(memberships.userId, sql.placeholder('userId')),
    ),
  )
  .prepare('bench_membership_only');

type Floor = { session: boolean; scoped: boolean };
const floor =
  ({ session, scoped }: Floor): RouteHandlerMethod =>
  async (request, reply) => {
    const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
    const user = await app.accessTokens.verify(token);
    if (!user) return reply.status(401).send();
    const tenantId = String(request.headers['x-tenant-uuid']);
    const member = session
      ? await app.findTenantAccess(tenantId, user.uuid, user.sessionId).then((a) => a.sessionOpen && a.role)
      : (await membershipOnly.execute({ tenantId, userId: user.uuid }))[0]?.role;
    if (!member) return reply.status(403).send();
    return scoped
      ? withTenantStatement(db, tenantId, (tx) => floorItems(tx).execute({ tenantId, limit: 50 }))
      : floorItems(db).execute({ tenantId, limit: 50 });
  };
app.get('/bench/floor', floor({ session: true, scoped: false }));
app.get('/bench/floor/membership-only', floor({ session: false, scoped: false }));
app.get('/bench/floor/scoped', floor({ session: true, scoped: true }));

// The worker's benchmark (bench/run.mjs): a backlog of `n` pings for an endpoint, queued at once, and how many of an
// endpoint's deliveries are still pending.
app.post<{ Querystring: { endpoint: string; n: string } }>('/bench/webhooks/queue', async (request) => {
  const { endpoint, n } = request.query;
  await db.execute(sql`insert into ${webhookDeliveries} (endpoint_id, tenant_id, event, payload)
    select e.id, e.tenant_id, 'ping', jsonb_build_object('type', 'ping', 'timestamp', now(), 'tenant_uuid',
      e.tenant_id, 'data', '{}'::jsonb)
    from ${webhookEndpoints} e, generate_series(1, ${Number(n)}::int) where e.id = ${endpoint}::uuid`);
  return { queued: Number(n) };
});
app.get<{ Querystring: { endpoint: string } }>('/bench/webhooks/pending', async (request) => {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.endpointId, request.query.endpoint), eq(webhookDeliveries.status, 'pending')),
    );
  return { pending: row?.pending ?? 0 };
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
