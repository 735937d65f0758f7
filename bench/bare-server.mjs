// The benchmark's yardstick (bench/run.mjs): the least a Node process can do to answer the app's hottest request,
// in a process of its own, with none of the app's code. Fastify with the logger off, the HS256 key imported once,
// node-postgres with named prepared statements on a pool the size of the app's (pg's default, 10: see
// server/src/db/client.ts). Routes:
//   GET  /items?limit=50  bearer JWT, one membership query, the tenant's newest `limit` items as JSON
//   POST /items           bearer JWT, one membership query, one insert returning the row (the bare insert)
// Both name the tenant in X-TENANT-UUID, as the app's routes do, and answer byte for byte what the app answers
// (run.mjs checks the items page before measuring). Timestamps are read as text in a UTC session and written as the
// app writes them (Date#toISOString) by slicing: pg's default, a Date per value, costs this route some 40% of its
// throughput on 50 rows. Reads PORT, DATABASE_URL and JWT_SECRET.
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const { PORT, DATABASE_URL, JWT_SECRET } = process.env;
if (!PORT || !DATABASE_URL || !JWT_SECRET) throw new Error('PORT, DATABASE_URL and JWT_SECRET are required');

// Imported once as a CryptoKey: given raw bytes, jose imports the key again on every verification.
const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(JWT_SECRET),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);
// timestamptz as text, '2026-01-31 12:34:56.789123+00' (the session is in UTC), to '2026-01-31T12:34:56.789Z':
// milliseconds truncated, as a Date keeps them. Anything else (a year beyond 9999, BC) goes through pg's Date.
const parseDate = pg.types.getTypeParser(1184);
pg.types.setTypeParser(1184, (text) => {
  const end = text.length - 3;
  if (text[10] !== ' ' || text.slice(end) !== '+00' || !(end === 19 || text[19] === '.')) {
    return parseDate(text).toISOString();
  }
  const milliseconds = end === 19 ? '000' : (text.slice(20, end) + '00').slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
});
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10, options: '-c TimeZone=UTC' });
pool.on('error', () => {});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMBERSHIP = 'select role from memberships where tenant_id = $1 and user_id = $2';
const NEWEST_ITEMS =
  'select uuid, name, description, created_at, updated_at from items where tenant_id = $1 ' +
  'order by created_at desc, uuid desc limit $2';
const INSERT_ITEM =
  'insert into items (tenant_id, created_by, name, description) values ($1, $2, $3, $4) ' +
  'returning uuid, name, description, created_at, updated_at';

/** The caller's user id and tenant id once the token verifies and the caller is a member; else answers 401/403. */
async function member(request, reply) {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return void reply.code(401).send();
  let userId;
  try {
    const { payload } = await jwtVerify(header.slice(7), key, { algorithms: ['HS256'] });
    userId = payload.sub;
  } catch {
    return void reply.code(401).send();
  }
  const tenantId = request.headers['x-tenant-uuid'];
  if (typeof userId !== 'string' || typeof tenantId !== 'string' || !UUID.test(tenantId)) {
    return void reply.code(403).send();
  }
  const { rows } = await pool.query({ name: 'membership', text: MEMBERSHIP, values: [tenantId, userId] });
  if (rows.length === 0) return void reply.code(403).send();
  return { tenantId, userId };
}

const app = Fastify({ logger: false });

app.get('/items', async (request, reply) => {
  const caller = await member(request, reply);
  if (!caller) return reply;
  const limit = Math.min(Math.max(Number(request.query.limit) || 50, 1), 100);
  const { rows } = await pool.query({
    name: 'newest_items',
    text: NEWEST_ITEMS,
    values: [caller.tenantId, limit],
  });
  return rows;
});

app.post('/items', async (request, reply) => {
  const caller = await member(request, reply);
  if (!caller) return reply;
  const { name, description = null } = request.body ?? {};
  if (typeof name !== 'string') return reply.code(400).send();
  const { rows } = await pool.query({
    name: 'insert_item',
    text: INSERT_ITEM,
    values: [caller.tenantId, caller.userId, name, description],
  });
  return reply.code(201).send(rows[0]);
});

process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
await app.listen({ port: Number(PORT), host: '127.0.0.1' });
