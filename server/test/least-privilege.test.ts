// The app starts and migrates as a role with no SUPERUSER, CREATEROLE or CREATEDB that owns its database, once an
// administrator has created tessera_tenant and granted it to that role (docs/decisions/006, Operations); without the
// grant, migration stops with a message that says what the administrator must run. Against the PostgreSQL of
// DATABASE_URL, where tessera_tenant is shared and never dropped; the server without tessera_tenant at all is a
// private cluster of the test's own.
import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.ts';
import { type Database, fromPool } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { runAsAdmin } from './global-setup.ts';
import { bearer, createTeam, inTenant, joinTeam, registerUser, testConfig } from './helpers.ts';
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from './private-postgres.ts';

const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('least privilege on PostgreSQL', () => {
  const suffix = randomBytes(5).toString('hex');
  // Granted tessera_tenant by the administrator, and not granted it.
  const granted = { role: `tessera_app_${suffix}`, database: `tessera_lp_${suffix}` };
  const ungranted = { role: `tessera_nogrant_${suffix}`, database: `tessera_lpng_${suffix}` };
  const password = randomBytes(12).toString('hex');
  const opened: Database[] = [];

  const admin = (...statements: string[]) => runAsAdmin(adminUrl!, ...statements);

  const openAs = (who: { role: string; database: string }) => {
    const url = new URL(adminUrl!);
    url.username = who.role;
    url.password = password;
    url.pathname = `/${who.database}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    const database = fromPool(pool);
    opened.push(database);
    return { database, pool };
  };

  beforeAll(async () => {
    // What the administrator runs once per server. tessera_tenant is cluster-wide and other test databases use it
    // at the same time: created when missing (a concurrent creator is fine), never dropped.
    await admin(`do $$
      begin
        if not exists (select from pg_catalog.pg_roles where rolname = 'tessera_tenant') then
          create role tessera_tenant nologin;
        end if;
      exception when duplicate_object or unique_violation then null;
      end $$`);
    for (const who of [granted, ungranted]) {
      await admin(
        `create role ${who.role} login password '${password}' nosuperuser nocreaterole nocreatedb`,
        `create database ${who.database} owner ${who.role}`,
      );
    }
    await admin(`grant tessera_tenant to ${granted.role}`);
  });

  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => {});
    for (const who of [granted, ungranted]) {
      await admin(`drop database if exists ${who.database} with (force)`);
      // Whatever it still owns or was granted here goes first; its membership in tessera_tenant goes with the role.
      await admin(`drop owned by ${who.role}`, `drop role if exists ${who.role}`).catch(async () => {
        await admin(`drop role if exists ${who.role}`);
      });
    }
  });

  it('the role has no SUPERUSER, CREATEROLE or CREATEDB, owns its database and is a member of tessera_tenant', async () => {
    const { pool } = openAs(granted);
    const { rows } = await pool.query<Record<string, boolean>>(
      `select r.rolsuper as super, r.rolcreaterole as createrole, r.rolcreatedb as createdb,
              d.datdba = r.oid as owner, pg_has_role(current_user, 'tessera_tenant', 'MEMBER') as member
         from pg_roles r, pg_database d
        where r.rolname = current_user and d.datname = current_database()`,
    );
    expect(rows).toEqual([{ super: false, createrole: false, createdb: false, owner: true, member: true }]);
  });

  it('migrates (twice, the second a no-op), and the app works under row-level security', async () => {
    const { database, pool } = openAs(granted);
    await migrateDatabase(database);
    const migrations = async () =>
      (await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'))
        .rows[0]!.n;
    const applied = await migrations();
    expect(applied).toBeGreaterThan(0);
    await migrateDatabase(database);
    expect(await migrations()).toBe(applied);

    const app = await buildApp({ config: testConfig(), database, webDir: null, checkResponses: true });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      const owner = await registerUser(app);
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(owner.access_token),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: owner.email });

      const team = await createTeam(app, owner, 'Least privilege');
      const created = await app.inject({
        method: 'POST',
        url: '/api/items/',
        headers: inTenant(owner.access_token, team.uuid),
        payload: { name: 'First item', description: null },
      });
      expect(created.statusCode).toBe(201);
      const listed = await app.inject({
        method: 'GET',
        url: '/api/items/',
        headers: inTenant(owner.access_token, team.uuid),
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([expect.objectContaining({ name: 'First item' })]);

      const member = await joinTeam(app, owner, team.uuid, 'member');
      const members = await app.inject({
        method: 'GET',
        url: '/api/members',
        headers: inTenant(member.access_token, team.uuid),
      });
      expect(members.statusCode).toBe(200);
      expect(members.json()).toHaveLength(2);
      const seen = await app.inject({
        method: 'GET',
        url: '/api/items/',
        headers: inTenant(member.access_token, team.uuid),
      });
      expect(seen.json()).toEqual([expect.objectContaining({ name: 'First item' })]);

      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('without the grant, migration stops naming tessera_tenant and the GRANT an administrator must run', async () => {
    const { database, pool } = openAs(ungranted);
    const failure = await migrateDatabase(database).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    // drizzle wraps the database's error (its message is the failed SQL); PostgreSQL's own error is the cause.
    let raised: unknown = failure;
    while (raised instanceof Error && !('code' in raised)) raised = raised.cause;
    expect(raised).toMatchObject({ code: '42501' });
    const { message } = raised as Error;
    expect(message).toContain('tessera_tenant');
    expect(message).toContain(`An administrator must run once: GRANT tessera_tenant TO ${ungranted.role};`);
    // Nothing was applied: the migration runs in one transaction, so granting and starting again just works.
    const { rows } = await pool.query(`select to_regclass('public.users') as users`);
    expect(rows).toEqual([{ users: null }]);
  });
});

const binDir = postgresBinDir();

describe.skipIf(!adminUrl || !binDir)('least privilege on a PostgreSQL server without tessera_tenant', () => {
  let postgres: PrivatePostgres | undefined;

  beforeAll(async () => {
    postgres = await startPrivatePostgres(binDir);
  });

  afterAll(async () => {
    await postgres?.destroy();
  });

  it('migration stops with the statements an administrator must run; once they are run, it succeeds', async () => {
    const admin = new pg.Client({ connectionString: postgres!.url });
    await admin.connect();
    const role = 'tessera_app';
    try {
      await admin.query(`create role ${role} login nosuperuser nocreaterole nocreatedb`);
      await admin.query(`create database tessera owner ${role}`);
      const url = new URL(postgres!.url);
      url.username = role;
      url.pathname = '/tessera';
      const database = fromPool(new pg.Pool({ connectionString: url.toString() }));
      try {
        const failure = await migrateDatabase(database).then(
          () => undefined,
          (error: unknown) => error,
        );
        let raised: unknown = failure;
        while (raised instanceof Error && !('code' in raised)) raised = raised.cause;
        expect(raised).toMatchObject({ code: '42501' });
        const { message } = raised as Error;
        expect(message).toBe(
          `The role tessera_tenant does not exist and role ${role} may not create it. ` +
            `An administrator must run once: CREATE ROLE tessera_tenant NOLOGIN; GRANT tessera_tenant TO ${role};`,
        );

        // The administrator runs exactly what the message says, and the next start migrates.
        await admin.query(message.slice(message.indexOf('must run once: ') + 'must run once: '.length));
        await migrateDatabase(database);
        const app = await buildApp({ config: testConfig(), database, webDir: null });
        try {
          const owner = await registerUser(app);
          const team = await createTeam(app, owner);
          const item = await app.inject({
            method: 'POST',
            url: '/api/items/',
            headers: inTenant(owner.access_token, team.uuid),
            payload: { name: 'Scoped' },
          });
          expect(item.statusCode).toBe(201);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    } finally {
      await admin.end();
    }
  });
});
