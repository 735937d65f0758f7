// Bad input, property-based: every route of the API gets random and hostile bodies, queries, params and
// headers. Never a 500, every error is a {detail} body, and a rejected request leaves every table as it was.
import { ErrorBodySchema, ScimErrorSchema, VALIDATION_MESSAGES } from '@app/contract';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  registerVerifiedUser,
  testConfig,
  type TestApp,
} from './helpers.ts';
import { listRoutes } from './routes.ts';
import { scaled } from '../../test-deadlines.ts';

const SUPER_ADMIN = 'fuzz-root@example.com';
let app: TestApp;
let owner: string;
let admin: string;
let team: string;

beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ SUPER_ADMIN_EMAILS: SUPER_ADMIN, TRUST_PROXY: 'true' }) });
  // Verified: a request of its own that mails (a new verification link) would otherwise change the outbox behind a
  // later, rejected one.
  const user = await registerVerifiedUser(app);
  owner = user.access_token;
  team = (await createTeam(app, user)).uuid;
  admin = (await registerVerifiedUser(app, SUPER_ADMIN)).access_token;
});
afterAll(() => app.close());

/**
 * Counters that every request moves, refused or not: a per-address limit counts requests, which is what it is for
 * (on PostgreSQL they live in the database; docs/decisions/023).
 */
const BOOKKEEPING = new Set(['rate_limits']);

/** Every row of every table but the bookkeeping, as one fingerprint per table. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (await app.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const result: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    if (BOOKKEEPING.has(table)) continue;
    const rows = (await app.database.db.execute(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest
          from ${sql.identifier(table)} t`,
    )) as unknown as { rows: { n: number; digest: string }[] };
    result[table] = `${rows.rows[0]!.n}:${rows.rows[0]!.digest}`;
  }
  return result;
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'x'.repeat(1_000),
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%00',
    '00000000-0000-0000-0000-000000000000',
    '9'.repeat(400),
    '-1',
    '1e309',
  ),
  fc.uuid(),
  // A uuid in another spelling is the same uuid (docs/contract.md section 4); nil and max are valid uuids of nobody.
  fc.uuid().map((uuid) => uuid.toUpperCase()),
  fc.constantFrom('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '{00000000-0000-0000-0000-000000000000}'),
  fc.emailAddress(),
  // Lengths on either side of every limit the contract sets.
  fc
    .constantFrom(
      99,
      100,
      101,
      199,
      200,
      201,
      253,
      254,
      255,
      256,
      257,
      500,
      501,
      512,
      513,
      1999,
      2000,
      2001,
      5000,
      5001,
    )
    .chain((length) => fc.constantFrom('a', 'é', ' ', '0').map((unit) => unit.repeat(length))),
);

/** Timestamps as PostgreSQL writes them, and ones it would refuse: each must be a 422 in a cursor, never a 500. */
const timestampText = fc.oneof(
  fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().replace('T', ' ').replace('Z', '+00')),
  fc.constantFrom(
    '2026-02-30 12:00:00+00',
    '2026-13-01 00:00:00+00',
    '2026-06-01 24:00:00+00',
    '2026-06-01 12:60:00+00',
    '2026-06-01 12:00:61+00',
    '2026-06-01 12:00:00.1234567+00',
    '2026-06-01 12:00:00+99',
    '0000-01-01 00:00:00+00',
    '99999-01-01 00:00:00+00',
    'infinity',
    '-infinity',
    'epoch',
    'now',
    'allballs',
    '2026-06-01',
    '2026-06-01T12:00:00Z',
    'J2451187',
    '',
  ),
  fc.string({ maxLength: 40 }),
);

/**
 * Cursors shaped like the server's own (base64url JSON of [timestamp, uuid]) but with contents it never writes, and
 * valid JSON of the wrong shape: random strings almost never decode, so they alone would prove nothing.
 */
const craftedCursor = fc
  .oneof(
    fc.tuple(timestampText, fc.oneof(fc.uuid(), hostileString)),
    fc.tuple(timestampText, fc.uuid(), fc.anything()),
    fc.tuple(timestampText),
    fc.jsonValue(),
  )
  .map((key) => Buffer.from(JSON.stringify(key) ?? 'null').toString('base64url'));

const KNOWN_KEYS = [
  'name',
  'description',
  'email',
  'password',
  'message',
  'route',
  'role',
  'user_uuid',
  'new_role',
  'plan_id',
  'billing_interval',
  'token',
  'refresh_token',
  'credential',
  'old_password',
  'new_password',
  'new_email',
  'confirm_email',
  'code',
  'card_number',
  'exp_month',
  'exp_year',
  'cvc',
  // A WebAuthn response's fields (passkeys).
  'id',
  'rawId',
  'type',
  'response',
  'clientDataJSON',
  'clientExtensionResults',
  '__proto__',
  'constructor',
];

const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string()), tie('value'), { maxKeys: 4 }),
  ),
}));

const nested = (depth: number) => {
  let inner: unknown = 'bottom';
  for (let i = 0; i < depth; i++) inner = { name: inner };
  return JSON.stringify(inner);
};

/** A body as sent on the wire: JSON of anything, the known fields with wrong values, or hand-made hostile JSON. */
const rawBody = fc.oneof(
  value.map((v) => JSON.stringify(v) ?? 'null'),
  fc.dictionary(fc.constantFrom(...KNOWN_KEYS), value, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  fc.integer({ min: 50, max: 3000 }).map(nested),
  fc.constantFrom(
    '{"name":"a","name":{"x":1}}',
    '{"email":"a@example.com","email":null}',
    '{"message":"hi","message":["x"]}',
    '{',
    '',
    '[]',
    '"just a string"',
    '{"__proto__":{"is_super_admin":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    JSON.stringify({ name: Array.from({ length: 50_000 }, () => 1) }),
  ),
);

const printable = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

const request = fc.record({
  params: fc.array(hostileString, { minLength: 3, maxLength: 3 }),
  query: fc.record(
    {
      limit: fc.oneof(hostileString, fc.constantFrom('0', '1', '100', '101', '1.5', '-0', '1e2')),
      cursor: fc.oneof(hostileString, craftedCursor, craftedCursor),
      q: hostileString,
      token: hostileString,
      tenant: hostileString,
    },
    { requiredKeys: [] },
  ),
  body: rawBody,
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
  ),
  auth: fc.oneof(fc.constantFrom('owner', 'owner', 'admin', 'none'), printable),
  tenant: fc.oneof(fc.constantFrom('team', 'team', 'none'), printable),
  address: fc.ipV4(),
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
// Deleting the team would end the run's own fixture; its only input is the headers, covered by the route table.
const SKIPPED = new Set(['DELETE /api/tenant']);

describe('hostile input on every route', () => {
  it(
    'never answers 500, always {detail} for an error, and a rejected request changes nothing',
    async () => {
      const routes = listRoutes(app.printRoutes({ commonPrefix: false })).filter(
        ([method, url]) =>
          url.startsWith('/api/') && !url.startsWith('/api/docs') && !SKIPPED.has(`${method} ${url}`),
      );
      expect(routes.length).toBeGreaterThan(25);
      let before = await snapshot();
      for (const [method, pattern] of routes) {
        await fc.assert(
          fc.asyncProperty(request, async (input) => {
            let i = 0;
            const url = pattern.replace(/:[A-Za-z_]+|\*/g, () => encodeURIComponent(input.params[i++ % 3]!));
            const headers: Record<string, string> = { 'x-forwarded-for': input.address };
            const token = input.auth === 'owner' ? owner : input.auth === 'admin' ? admin : input.auth;
            if (input.auth !== 'none') Object.assign(headers, bearer(token));
            if (input.tenant !== 'none')
              headers['x-tenant-uuid'] = input.tenant === 'team' ? team : input.tenant;
            const hasBody = method !== 'GET';
            if (hasBody) headers['content-type'] = input.contentType;
            const response = await app.inject({
              method: method as Method,
              url,
              query: input.query,
              headers,
              ...(hasBody ? { payload: input.body } : {}),
            });
            const where = `${method} ${url.slice(0, 120)} → ${response.statusCode}: ${response.body.slice(0, 200)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            const after = await snapshot();
            if (response.statusCode >= 400) {
              // SCIM's routes answer in SCIM's error body (docs/contract.md section 4), every other route in {detail}.
              const refusal = pattern.startsWith('/api/scim/v2/') ? ScimErrorSchema : ErrorBodySchema;
              expect(response.json(), where).toEqual(refusal.parse(response.json()));
              expect(after, `${where} changed the database`).toEqual(before);
            }
            before = after;
          }),
          { numRuns: 25 },
        );
      }
    },
    scaled(300_000),
  );
});

describe('a cursor the server did not write', () => {
  it('answers 422 on every list, whatever it decodes to', async () => {
    const cursors = [
      ['2026-02-30 12:00:00+00', '00000000-0000-4000-8000-000000000000'],
      ['infinity', '00000000-0000-4000-8000-000000000000'],
      ['2026-06-01 12:00:00+00', 'not-a-uuid'],
      ['2026-06-01 12:00:00+00'],
      { at: '2026-06-01 12:00:00+00' },
      42,
    ].map((key) => Buffer.from(JSON.stringify(key)).toString('base64url'));
    const lists = [
      '/api/items',
      '/api/activity',
      '/api/tenants',
      '/api/members',
      '/api/invitations',
      '/api/payments/invoices',
    ];
    for (const url of [...lists, '/api/super-admin/tenants', '/api/super-admin/feedback']) {
      const token = url.startsWith('/api/super-admin') ? admin : owner;
      for (const cursor of cursors) {
        const response = await app.inject({
          url,
          query: { cursor },
          headers: { ...bearer(token), 'x-tenant-uuid': team },
        });
        expect(response.statusCode, `${url} ${cursor}`).toBe(422);
        expect(response.json()).toEqual({
          detail: 'querystring.cursor: Invalid cursor',
          code: 'invalid_cursor',
        });
      }
    }
  });
});

/** A JSON Schema of the OpenAPI document, as far as the walk below reads it. */
type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/** The path to every string a request schema takes: an array's strings are reached through its first element. */
function stringPaths(schema: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  if (schema.type === 'string') return [path];
  if (schema.anyOf) return schema.anyOf.flatMap((option) => stringPaths(option, path));
  if (schema.items) return stringPaths(schema.items, [...path, 0]);
  return Object.entries(schema.properties ?? {}).flatMap(([key, inner]) =>
    stringPaths(inner, [...path, key]),
  );
}

/** `value` at `path` of an otherwise empty body. */
function bodyWith(path: (string | number)[], value: string): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  return typeof key === 'number' ? [bodyWith(rest, value)] : { [key]: bodyWith(rest, value) };
}

describe('U+0000 in a text field or search parameter', () => {
  it('answers 422 naming the field on every route that takes text, and changes nothing', async () => {
    type Operation = {
      parameters?: { in: string; name: string; schema: JsonSchema }[];
      requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
    };
    const document = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const before = await snapshot();
    const checked: string[] = [];
    for (const [pattern, operations] of Object.entries(document.paths)) {
      // Path parameters are ids and link tokens, which no text reaches the database through.
      const url = pattern.replace(/\{\w+\}/g, '00000000-0000-0000-0000-000000000000');
      for (const [method, operation] of Object.entries(operations)) {
        const cases = [
          ...(operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query' && stringPaths(parameter.schema).length > 0)
            .map((parameter) => ({
              field: `querystring.${parameter.name}`,
              query: { [parameter.name]: 'a\u0000b' },
            })),
          ...stringPaths(operation.requestBody?.content['application/json'].schema ?? {}).map((path) => ({
            field: ['body', ...path].join('.'),
            payload: bodyWith(path, 'a\u0000b') as object,
          })),
        ];
        for (const { field, ...input } of cases) {
          // As the owner in their team, or as an operator: the refusal comes before any other check.
          const headers = url.startsWith('/api/super-admin') ? bearer(admin) : inTenant(owner, team);
          const response = await app.inject({
            method: method.toUpperCase() as Method,
            url,
            headers,
            ...input,
          });
          const where = `${method.toUpperCase()} ${pattern} ${field}`;
          const detail = `${field}: ${VALIDATION_MESSAGES.nul_character}`;
          if (pattern.startsWith('/api/scim/v2/')) {
            // SCIM has no 422: the same refusal, in its body, as an invalid value.
            expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
            expect(response.json(), where).toEqual({
              schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
              status: '400',
              scimType: 'invalidValue',
              detail,
            });
          } else {
            expect(response.statusCode, `${where}: ${response.body}`).toBe(422);
            expect(response.json(), where).toEqual({
              detail,
              code: 'validation',
              params: { field, message: 'nul_character' },
            });
          }
          checked.push(`${method.toUpperCase()} ${pattern} ${field}`);
        }
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST /api/items/ body.name',
        'PATCH /api/items/{id} body.description',
        'POST /api/tenants body.name',
        'PUT /api/tenant body.description',
        'POST /api/feedback/ body.message',
        'GET /api/super-admin/users querystring.q',
        'GET /api/super-admin/tenants querystring.q',
        'POST /api/auth/passkeys/register/verify body.response.transports.0',
        'GET /api/scim/v2/Users querystring.filter',
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });
});
