// Faults (issue: resilience): PostgreSQL stopped and started under load, and a Stripe webhook that arrives while it is
// down. The real app process on a PostgreSQL cluster of the test's own (private-postgres.ts), because stopping the
// shared server at DATABASE_URL would break the test files running beside this one.
//
// The cluster is the test's own and DATABASE_URL plays no part: it runs in either pass of the suite, and needs only
// the server binaries installed, not a server running.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { fromPool } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/plugins/errors.ts';

import { type Started, start, stop, until } from './app-process.ts';
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from './private-postgres.ts';
import { PRICES, WEBHOOK_SECRET, orphanSubscriptionEvent, signatureOf } from './stripe-events.ts';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.ts';

const binDir = postgresBinDir();
const NO_BINARIES =
  'no PostgreSQL server binaries (initdb, pg_ctl, postgres) under /usr/lib/postgresql/<version>/bin ' +
  'or POSTGRES_BIN_DIR: install the postgresql package';
if (!binDir) console.warn(`faults-postgres.test.ts skipped: ${NO_BINARIES}`);

/** What a request answers while the database is down (plugins/errors.ts). */
const UNAVAILABLE = {
  detail: 'Service temporarily unavailable',
  code: 'unavailable',
  params: { reason: 'service' },
};
/**
 * The pool gives up connecting after 5 s (db/client.ts). An answer well inside that shows the app did not wait for a
 * timeout but failed at once; the bound is generous on purpose, to prove "no hang", not to measure speed.
 */
const FAIL_FAST_MS = 4_000;

type Outcome = { phase: string; status: number; body: unknown; ms: number };

/** Lanes that send requests back to back until stopped, recording each answer with the phase it was sent in. */
function startLoad(lanes: number, request: (lane: number, n: number) => Promise<Response>) {
  const outcomes: Outcome[] = [];
  let phase = 'up';
  let running = true;
  const loops = Array.from({ length: lanes }, async (_, lane) => {
    for (let n = 0; running; n += 1) {
      const sentIn = phase;
      const started = performance.now();
      try {
        const response = await request(lane, n);
        const body: unknown = await response.json().catch(() => null);
        outcomes.push({ phase: sentIn, status: response.status, body, ms: performance.now() - started });
      } catch (error) {
        // No answer at all (the client's own timeout below): recorded, so the assertions name it.
        outcomes.push({ phase: sentIn, status: 0, body: String(error), ms: performance.now() - started });
      }
    }
  });
  return {
    outcomes,
    in: (name: string) => outcomes.filter((outcome) => outcome.phase === name),
    setPhase: (name: string) => void (phase = name),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(!binDir)(
  `PostgreSQL stopped and started under the running app${binDir ? '' : ` (skipped: ${NO_BINARIES})`}`,
  () => {
    let postgres: PrivatePostgres | undefined;
    let stripe: StripeStandIn | undefined;
    let app: Started | undefined;
    let dataDir: string | undefined;

    beforeAll(async () => {
      // Made here, not in the describe body, which runs even when the suite is skipped.
      dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-faults-pg-'));
      postgres = await startPrivatePostgres(binDir);
      stripe = await startStripeStandIn();
      app = await start({
        DATABASE_URL: postgres.url,
        DATA_DIR: dataDir,
        JWT_SECRET: 'faults-test-secret-that-is-at-least-32-bytes',
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_tessera',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        STRIPE_PRICES: JSON.stringify(PRICES),
      });
    });

    // The app's and the server's own account of a failure.
    afterEach(({ task }) => {
      if (task.result?.state !== 'fail') return;
      console.error(`app output (tail):\n${app?.output().slice(-6000)}`);
      console.error(`PostgreSQL log (tail):\n${postgres?.log().slice(-3000)}`);
    });

    afterAll(async () => {
      if (app) await stop(app);
      await stripe?.close();
      await postgres?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const api = (url: string, init: RequestInit = {}) =>
      // The client's timeout: a request the app never answers is recorded as status 0 and fails the test.
      fetch(`${app!.url}/api${url}`, { signal: AbortSignal.timeout(15_000), ...init });
    const json = (method: string, url: string, body: object, headers: Record<string, string> = {}) =>
      api(url, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const health = async () => {
      const response = await api('/health');
      return { status: response.status, body: (await response.json()) as unknown };
    };

    /** Stops PostgreSQL for `whileDown`, and starts it again whatever happens, so the next test has it back. */
    async function withPostgresDown(whileDown: () => Promise<void>) {
      await postgres!.stop('immediate');
      try {
        await whileDown();
      } finally {
        await postgres!.start();
      }
    }

    it('answers 503 {detail} at once while PostgreSQL is down, and serves again when it is back, without a restart', async () => {
      const registered = await json('POST', '/auth/register', {
        email: `load-${randomBytes(4).toString('hex')}@example.com`,
        password: 'correct horse battery',
      });
      expect(registered.status).toBe(201);
      const { access_token } = (await registered.json()) as { access_token: string };
      const created = await json(
        'POST',
        '/tenants',
        { name: 'Under load' },
        { authorization: `Bearer ${access_token}` },
      );
      expect(created.status).toBe(201);
      const { uuid } = (await created.json()) as { uuid: string };
      const headers = { authorization: `Bearer ${access_token}`, 'x-tenant-uuid': uuid };
      // Writes (one row in a tenant-scoped transaction) and reads, side by side.
      const traffic = (lane: number, n: number) =>
        lane % 2 === 0
          ? json('POST', '/items/', { name: `item ${lane}.${n}` }, headers)
          : api('/items/?limit=5', { headers });

      const load = startLoad(4, traffic);
      try {
        await until(
          () => load.in('up').filter((o) => o.status === 201).length >= 10,
          'writes before the stop',
        );
        // Requests in flight when PostgreSQL goes: their connections are cut under them.
        load.setPhase('stopping');
        await withPostgresDown(async () => {
          load.setPhase('down');
          await until(() => load.in('down').length >= 40, 'answers while PostgreSQL is down');
          expect(await health()).toEqual({
            status: 503,
            body: { detail: 'Database unavailable', code: 'unavailable', params: { reason: 'database' } },
          });
          expect(app!.child.exitCode).toBeNull();
          load.setPhase('starting');
        });
        load.setPhase('back');
        await until(() => load.in('back').length >= 40, 'answers after PostgreSQL is back');
      } finally {
        await load.stop();
      }

      const summary = (outcomes: Outcome[]) => [
        ...new Set(outcomes.map((o) => `${o.status} ${JSON.stringify(o.body)}`)),
      ];
      // Every request sent while PostgreSQL was down failed fast and clearly: 503 {detail}, never 500, never a hang.
      const down = load.in('down');
      expect(summary(down)).toEqual([`503 ${JSON.stringify(UNAVAILABLE)}`]);
      expect(Math.max(...down.map((o) => o.ms))).toBeLessThan(FAIL_FAST_MS);
      // Whenever it was sent (in flight at the stop, during the start), a request succeeded or failed the same way.
      for (const outcome of load.outcomes) {
        expect([200, 201, 503]).toContain(outcome.status);
        if (outcome.status === 503) expect(outcome.body).toEqual(UNAVAILABLE);
      }
      // Back without restarting the app: every request sent once PostgreSQL accepted connections again succeeded.
      expect([...new Set(load.in('back').map((o) => o.status))].sort()).toEqual([200, 201]);
      expect(await health()).toEqual({ status: 200, body: { status: 'ok' } });
      expect(app!.child.exitCode).toBeNull();
    });

    it('fails a transaction whose connection is lost between two statements, and nothing else', async () => {
      // The load test above meets this case only when the stop lands between two statements of some transaction;
      // here a transaction holds its connection idle across the stop, every time. Without an error listener on
      // the checked-out client, node-postgres throws the loss as an uncaught error, and the app stops on it.
      const pool = new pg.Pool({ connectionString: postgres!.url });
      const database = fromPool(pool);
      let connected = 0;
      let ended = 0;
      pool.on('connect', (client) => {
        connected += 1;
        client.once('end', () => (ended += 1));
      });
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => void uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      let resume!: () => void;
      const resumed = new Promise<void>((resolve) => (resume = resolve));
      try {
        let holding!: () => void;
        const held = new Promise<void>((resolve) => (holding = resolve));
        const outcome = database.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            holding();
            await resumed;
            await tx.execute(sql`select 1`);
          })
          .then(
            () => 'committed',
            (error: unknown) => error,
          );
        await held;
        await withPostgresDown(async () => {
          // The client has seen its connection go (or, without the listener, thrown instead).
          await until(() => ended === connected || uncaught.length > 0, 'the connection to be lost');
          expect(uncaught).toEqual([]);
          resume();
          const error = await outcome;
          expect(error).toBeInstanceOf(Error);
          expect(isDatabaseUnavailable(error)).toBe(true);
        });
        // The pool let the dead connection go: the next transaction runs on a new one.
        await database.db.transaction((tx) => tx.execute(sql`select 1`));
      } finally {
        process.off('uncaughtException', onUncaught);
        // The pool ends only once the transaction has given its client back.
        resume();
        await database.close();
      }
    });

    it('answers a Stripe webhook 503 while PostgreSQL is down, and applies the retry of the same event once', async () => {
      // Applying this event cancels a subscription at Stripe, so "applied once" is countable (stripe-events.ts).
      const { payload, cancellations } = orphanSubscriptionEvent(stripe!);
      // The same signed delivery each time, as Stripe retries an event it got no 2xx for.
      const signature = signatureOf(payload);
      const deliver = async () => {
        const response = await api('/payments/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };

      await withPostgresDown(async () => {
        expect(await deliver()).toEqual({ status: 503, body: UNAVAILABLE });
        expect(cancellations()).toBe(0);
      });

      expect((await deliver()).status).toBe(200);
      expect(cancellations()).toBe(1);
      // A further retry (Stripe may deliver again) finds the event recorded and changes nothing.
      expect((await deliver()).status).toBe(200);
      expect(cancellations()).toBe(1);
    });
  },
);
