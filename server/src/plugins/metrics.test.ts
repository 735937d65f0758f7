// Metrics on METRICS_PORT (docs/contract.md section 5): scraped as Prometheus does, over HTTP from the port itself.
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

import { describe, expect, it } from 'vitest';

import { buildTestApp, registerUser, testConfig } from '../../test/helpers.ts';

describe('metrics', () => {
  it('are off without METRICS_PORT', async () => {
    const app = await buildTestApp();
    await app.ready();
    expect(app.metrics.port()).toBeUndefined();
    await app.close();
  });

  /** Whether a TCP connection to `address`:`port` is accepted (then closed, so the server can stop). */
  const accepts = (address: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host: address, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  /** An address of this machine other than loopback, as another host would reach it. */
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

  it.skipIf(!outside)(
    'listen on loopback, even when the app serves every interface, unless METRICS_HOST says otherwise',
    async () => {
      for (const [env, reachableFromOutside] of [
        [{ HOST: '0.0.0.0' }, false],
        [{ HOST: '0.0.0.0', METRICS_HOST: '0.0.0.0' }, true],
      ] as const) {
        const app = await buildTestApp({
          config: testConfig({ ...env, METRICS_PORT: '0', PROCESS_ROLE: 'web' }),
        });
        try {
          await app.ready();
          const port = app.metrics.port()!;
          expect(await accepts('127.0.0.1', port)).toBe(true);
          expect(await accepts(outside!, port), JSON.stringify(env)).toBe(reachableFromOutside);
        } finally {
          await app.close();
        }
      }
    },
  );

  it('serve requests by route and status, the mail queue, job runs and Node’s own on their port alone', async () => {
    // The jobs stay off, so the queued mail stays queued.
    const app = await buildTestApp({ config: testConfig({ METRICS_PORT: '0', PROCESS_ROLE: 'web' }) });
    try {
      await app.ready();
      const port = app.metrics.port();
      expect(port).toBeGreaterThan(0);
      const { email } = await registerUser(app);
      await app.inject({ method: 'GET', url: '/api/items/' });
      await app.inject({ method: 'GET', url: '/api/no-such-route' });
      await app.inject({ method: 'POST', url: '/api/auth/reset-password/request', payload: { email } });
      app.metrics.jobRuns.inc({ job: 'cleanup', outcome: 'ok' });

      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toContain('text/plain');
      const text = await scrape.text();
      expect(text).toContain(
        'http_request_duration_seconds_count{method="POST",route="/api/auth/register",status_code="201"} 1',
      );
      expect(text).toContain(
        'http_request_duration_seconds_count{method="GET",route="/api/items/",status_code="401"} 1',
      );
      // A URL that matched no route is one series, whatever was asked.
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1/,
      );
      // The verification and reset mails wait for a worker.
      expect(text).toContain('tessera_mail_queue_depth{state="due"} 2');
      expect(text).toContain('tessera_job_runs_total{job="cleanup",outcome="ok"} 1');
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      if (app.database.kind === 'postgres')
        expect(text).toMatch(/tessera_db_pool_connections\{state="total"\} \d+/);

      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      // Not on the app's own routes.
      expect((await app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain(
        'http_request_duration',
      );
    } finally {
      await app.close();
    }
  });
});
