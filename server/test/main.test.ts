// The real start-up path in a child process: config errors, the data-dir lock, restarts that keep data, a graceful
// stop that lets an in-flight request finish, and request logs that reach stdout whole however the process ends.
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

import { migratedDataDir, run, type Started, start, stop, until } from './app-process.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tessera-main-'));

describe('start-up', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PAYMENTS_PROVIDER: 'paypal' }, 'PAYMENTS_PROVIDER'],
    [{ PROCESS_ROLE: 'web' }, 'PROCESS_ROLE'],
    [
      { NODE_ENV: 'production', APP_URL: 'https://app.example.com', SMTP_URL: 'smtp://mail:25' },
      'JWT_SECRET',
    ],
    [
      {
        NODE_ENV: 'production',
        JWT_SECRET: 'too-short',
        APP_URL: 'https://app.example.com',
        SMTP_URL: 'smtp://mail:25',
        TRUST_PROXY: '1',
      },
      'JWT_SECRET',
    ],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), APP_URL: 'https://app.example.com' }, 'SMTP_URL'],
  ])('stops on bad configuration %o with one line naming %s and exit code 1', async (env, variable) => {
    const { exit, output } = run({ DATA_DIR: dataDir(), ...env });
    expect(await exit).toBe(1);
    const lines = output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable}: `));
  });

  it('keeps the data across a stop and a start, and refuses a second process on the same data', async () => {
    const DATA_DIR = await migratedDataDir();
    const first = await start({ DATA_DIR });
    expect(await (await fetch(`${first.url}/api/health`)).json()).toEqual({ status: 'ok' });

    const second = run({ DATA_DIR });
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain('is in use by another Tessera process');
    expect(await (await fetch(`${first.url}/api/health`)).json()).toEqual({ status: 'ok' });
    expect(await stop(first)).toBe(0);

    const pglite = await PGlite.create(path.join(DATA_DIR, 'pgdata'));
    await pglite.query(`insert into users (email) values ('kept@example.com')`);
    await pglite.close();

    const again = await start({ DATA_DIR });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    expect(await stop(again)).toBe(0);

    const reopened = await PGlite.create(path.join(DATA_DIR, 'pgdata'));
    const { rows } = await reopened.query<{ email: string }>('select email from users');
    await reopened.close();
    expect(rows).toEqual([{ email: 'kept@example.com' }]);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const server = await start({ DATA_DIR: await migratedDataDir() });
    const body = JSON.stringify({ note: 'x'.repeat(64) });
    const socket = net.connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    // Headers and half the body now, so the request is being served when the signal arrives.
    socket.write(
      `POST /api/not-yet-a-route HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await until(() => server.output().includes('"url":"/api/not-yet-a-route"'), 'the request being served');
    server.child.kill('SIGTERM');
    await until(
      () => server.output().includes('stopping: finishing in-flight requests'),
      'the stop to begin',
    );
    expect(response).toBe('');
    socket.end(body.slice(10));
    await once(socket, 'close');

    expect(response).toMatch(/^HTTP\/1\.1 404/);
    expect(response).toContain(
      '{"detail":"Not found: POST /api/not-yet-a-route","code":"unknown_path",' +
        '"params":{"method":"POST","path":"/api/not-yet-a-route"}}',
    );
    expect(await server.exit).toBe(0);
  });

  it('drains on SIGTERM: not ready at once, yet still serving, each connection closed after its answer', async () => {
    // Long enough to look at the instance while it drains; the test then kills it (the stop after a drain is the
    // test above's, whose drain is 0 outside production).
    const server = await start({ DATA_DIR: await migratedDataDir(), SHUTDOWN_DRAIN_SECONDS: '600' });
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('stopping: not ready, draining'), 'the drain to begin');

    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      detail: 'Shutting down',
      code: 'unavailable',
      params: { reason: 'shutting_down' },
    });
    const served = await fetch(`${server.url}/api/config`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    expect(server.output()).not.toContain('stopping: finishing in-flight requests');
    server.child.kill('SIGKILL');
    await server.exit;
  });

  it('with MIGRATE_ON_START=false, refuses a database behind its code in one line, and starts once it is migrated', async () => {
    const behind = run({ DATA_DIR: dataDir(), MIGRATE_ON_START: 'false' });
    expect(await behind.exit).toBe(1);
    expect(behind.output().trim().split('\n')).toEqual([
      expect.stringMatching(
        /^The database schema is behind this release \(\d+ migrations pending\): run npm run migrate first/,
      ),
    ]);

    // Migrated as `npm run migrate` and a start migrate it (migrateDatabase), in the suite's template.
    const current = await start({ DATA_DIR: await migratedDataDir(), MIGRATE_ON_START: 'false' });
    expect((await fetch(`${current.url}/api/health/ready`)).status).toBe(200);
    expect(await stop(current)).toBe(0);
  });
});

describe('request logs (docs/decisions/031)', () => {
  const BATCHES = 20;
  const PER_BATCH = 25;

  /** BATCHES rounds of PER_BATCH requests at once, each named by its X-Request-Id: b<batch>-<n>. */
  async function sendBatches(server: Started) {
    for (let batch = 0; batch < BATCHES; batch++) {
      const answers = await Promise.all(
        Array.from({ length: PER_BATCH }, (_, n) =>
          fetch(`${server.url}/api/health`, { headers: { 'x-request-id': `b${batch}-${n}` } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(PER_BATCH).fill(200));
    }
  }

  /**
   * What stdout held once the process ended: both lines of every request, each request's in order, each batch's
   * after the one before; and the index of the last request line, for what must come after it.
   */
  function checkRequestLines(output: string) {
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    const at = (reqId: string, msg: string) => lines.findIndex((l) => l.reqId === reqId && l.msg === msg);
    let last = -1;
    for (let batch = 0; batch < BATCHES; batch++) {
      const ids = Array.from({ length: PER_BATCH }, (_, n) => `b${batch}-${n}`);
      const incoming = ids.map((id) => at(id, 'incoming request'));
      const completed = ids.map((id) => at(id, 'request completed'));
      expect([...incoming, ...completed].filter((index) => index < 0)).toEqual([]);
      ids.forEach((_, n) => expect(incoming[n]).toBeLessThan(completed[n]!));
      expect(Math.min(...incoming)).toBeGreaterThan(last);
      last = Math.max(...completed);
    }
    return { lines, last };
  }

  it('every request logged reaches stdout, in order, when the process stops', async () => {
    const server = await start({ DATA_DIR: await migratedDataDir() });
    await sendBatches(server);
    expect(await stop(server)).toBe(0);
    const { lines, last } = checkRequestLines(server.output());
    expect(lines.findIndex((l) => l.msg === 'stopping: finishing in-flight requests')).toBeGreaterThan(last);
  });

  it('and when it crashes on an uncaught error', async () => {
    const server = await start(
      { DATA_DIR: await migratedDataDir() },
      { preload: 'test/fixtures/crash-on-signal.ts' },
    );
    await sendBatches(server);
    server.child.kill('SIGWINCH');
    expect(await server.exit).toBe(1);
    const { lines, last } = checkRequestLines(server.output());
    expect(lines.findIndex((l) => l.msg === 'stopping after an uncaught error')).toBeGreaterThan(last);
  });
});
