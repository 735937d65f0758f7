// Start-up failures an operator can fix print one line naming the cause and the variable to change, exit code 1 and
// no stack (src/startup-errors.ts); anything unexpected still prints its stack. The real main process, as main.test.ts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConfigError } from '../src/config.ts';
import { type StartupContext, startupErrorMessage } from '../src/startup-errors.ts';
import { runAsAdmin } from './global-setup.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tessera-startup-'));

/** src/main.ts in a child process, stdout (the log) and stderr apart. */
async function runMain(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir(), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** Exit code 1 and exactly one line on stderr, with no stack frame; answers that line. */
async function failsWithOneLine(env: NodeJS.ProcessEnv) {
  const { code, stdout, stderr } = await runMain(env);
  expect(code).toBe(1);
  expect(stderr).not.toContain('    at ');
  expect(stdout).not.toContain('    at ');
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe('start-up failures an operator can fix', () => {
  it('an unreachable database: one line naming host:port/database and DATABASE_URL, never the password', async () => {
    const line = await failsWithOneLine({ DATABASE_URL: 'postgres://app:sekrit-pass@127.0.0.1:1/tessera' });
    expect(line).toBe(
      'Cannot reach the database at 127.0.0.1:1/tessera (connection refused): check DATABASE_URL',
    );
  });

  it('the port in use: one line naming PORT and HOST', async () => {
    const blocker = net.createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const line = await failsWithOneLine({ PORT: String(port), HOST: '127.0.0.1' });
      expect(line).toBe(`Port ${port} is already in use on 127.0.0.1: set PORT (or HOST) to a free one`);
    } finally {
      blocker.close();
    }
  });

  it('an unexpected failure still prints its stack', async () => {
    // DATA_DIR naming a file is not (yet) a failure this module knows.
    const file = path.join(dataDir(), 'not-a-directory');
    writeFileSync(file, '');
    const { code, stderr } = await runMain({ DATA_DIR: file });
    expect(code).toBe(1);
    expect(stderr).toContain('    at ');
  });
});

const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('start-up failures against PostgreSQL', () => {
  const withUrl = (change: (url: URL) => void) => {
    const url = new URL(adminUrl!);
    change(url);
    return url.toString();
  };
  const suffix = randomBytes(5).toString('hex');
  const password = randomBytes(12).toString('hex');
  // Owns its database but was never granted tessera_tenant; granted it but does not own its database.
  const ungranted = { role: `tessera_se_nogrant_${suffix}`, database: `tessera_se_nogrant_${suffix}` };
  const notOwner = { role: `tessera_se_notowner_${suffix}`, database: `tessera_se_notowner_${suffix}` };
  const urlOf = (who: { role: string; database: string }) =>
    withUrl((url) => {
      url.username = who.role;
      url.password = password;
      url.pathname = `/${who.database}`;
    });

  const admin = (...statements: string[]) => runAsAdmin(adminUrl!, ...statements);

  beforeAll(async () => {
    // tessera_tenant is cluster-wide and shared with other test databases: created when missing, never dropped.
    await admin(`do $$
      begin
        if not exists (select from pg_catalog.pg_roles where rolname = 'tessera_tenant') then
          create role tessera_tenant nologin;
        end if;
      exception when duplicate_object or unique_violation then null;
      end $$`);
    for (const who of [ungranted, notOwner])
      await admin(`create role ${who.role} login password '${password}' nosuperuser nocreaterole nocreatedb`);
    await admin(
      `create database ${ungranted.database} owner ${ungranted.role}`,
      `create database ${notOwner.database}`,
      `grant connect on database ${notOwner.database} to ${notOwner.role}`,
      `grant tessera_tenant to ${notOwner.role}`,
    );
  });

  afterAll(async () => {
    for (const who of [ungranted, notOwner]) {
      await admin(`drop database if exists ${who.database} with (force)`);
      await admin(`drop owned by ${who.role}`, `drop role if exists ${who.role}`).catch(() =>
        admin(`drop role if exists ${who.role}`),
      );
    }
  });

  it('a role that does not exist: one line naming the role and DATABASE_URL', async () => {
    const line = await failsWithOneLine({ DATABASE_URL: withUrl((url) => (url.username = 'nosuchrole')) });
    expect(line).toMatch(
      /^The database at .+ refused the login of role "nosuchrole" \(role "nosuchrole" does not exist\)/,
    );
    expect(line).toMatch(/check DATABASE_URL$/);
  });

  it('a database that does not exist: one line naming it and DATABASE_URL', async () => {
    const line = await failsWithOneLine({
      DATABASE_URL: withUrl((url) => (url.pathname = '/tessera_no_such_db')),
    });
    expect(line).toMatch(
      /^Database "tessera_no_such_db" does not exist on the server at .+: check DATABASE_URL/,
    );
  });

  it('a role not granted tessera_tenant: one line with the GRANT an administrator must run', async () => {
    const line = await failsWithOneLine({ DATABASE_URL: urlOf(ungranted) });
    expect(line).toContain(`as DATABASE_URL's role "${ungranted.role}"`);
    expect(line).toContain(`An administrator must run once: GRANT tessera_tenant TO ${ungranted.role};`);
    expect(line).not.toContain(password);
  });

  it('a role that does not own its database: one line with the privilege it lacks and what to grant', async () => {
    const line = await failsWithOneLine({ DATABASE_URL: urlOf(notOwner) });
    expect(line).toContain(`as DATABASE_URL's role "${notOwner.role}" (permission denied for database`);
    expect(line).toContain(`ALTER DATABASE ${notOwner.database} OWNER TO ${notOwner.role}`);
    expect(line).toContain('set DATABASE_URL');
    expect(line).not.toContain(password);
  });
});

describe('startupErrorMessage', () => {
  const config = {
    databaseUrl: 'postgres://app:sekrit@db.internal:6543/tessera',
    host: '0.0.0.0',
    port: 8080,
  };
  const inDatabase: StartupContext = { stage: 'database', config };
  const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

  it.each([
    [
      'ECONNREFUSED',
      'Cannot reach the database at db.internal:6543/tessera (connection refused): check DATABASE_URL',
    ],
    [
      'ENOTFOUND',
      'Cannot reach the database at db.internal:6543/tessera (host db.internal not found): check DATABASE_URL',
    ],
    [
      'ETIMEDOUT',
      'Cannot reach the database at db.internal:6543/tessera (connection timed out): check DATABASE_URL',
    ],
    [
      '28P01',
      'The database at db.internal:6543/tessera refused the password of role "app": check DATABASE_URL',
    ],
  ])('%s names host:port/database and DATABASE_URL, never the password', (code, expected) => {
    const message = startupErrorMessage(coded(code), inDatabase);
    expect(message).toBe(expected);
    expect(message).not.toContain('sekrit');
  });

  it("finds the database's error inside drizzle's wrapper and inside an AggregateError", () => {
    const wrapped = new DrizzleQueryError(
      'GRANT ...',
      [],
      coded('42501', 'permission denied for schema public'),
    );
    expect(startupErrorMessage(wrapped, inDatabase)).toMatch(
      /^Cannot migrate the database at db\.internal:6543\/tessera as DATABASE_URL's role "app" \(permission denied for schema public\)/,
    );
    const aggregate = Object.assign(new AggregateError([coded('ECONNREFUSED')], ''), {
      code: 'ECONNREFUSED',
    });
    expect(startupErrorMessage(aggregate, inDatabase)).toContain('(connection refused)');
    expect(startupErrorMessage(new Error('timeout exceeded when trying to connect'), inDatabase)).toContain(
      '(connection timed out)',
    );
  });

  it('names PORT and HOST when listening fails', () => {
    const listen: StartupContext = { stage: 'listen', config };
    expect(startupErrorMessage(Object.assign(coded('EADDRINUSE'), { port: 8080 }), listen)).toBe(
      'Port 8080 is already in use on 0.0.0.0: set PORT (or HOST) to a free one',
    );
    expect(startupErrorMessage(coded('EADDRNOTAVAIL'), listen)).toMatch(/set HOST$/);
  });

  it('keeps configuration errors, and leaves everything else to its stack', () => {
    expect(startupErrorMessage(new ConfigError('Invalid configuration: PORT: x'), { stage: 'config' })).toBe(
      'Invalid configuration: PORT: x',
    );
    expect(startupErrorMessage(new Error('boom'), inDatabase)).toBeUndefined();
    // A database code outside the database step, or without DATABASE_URL (the embedded database), is not guessed at.
    expect(startupErrorMessage(coded('ECONNREFUSED'), { stage: 'app', config })).toBeUndefined();
    expect(
      startupErrorMessage(coded('ECONNREFUSED'), {
        stage: 'database',
        config: { ...config, databaseUrl: undefined },
      }),
    ).toBeUndefined();
    expect(startupErrorMessage(coded('EADDRINUSE'), { stage: 'database', config })).toBeUndefined();
  });
});
