// Prometheus metrics (docs/contract.md section 5), served on METRICS_PORT apart from the app, so the proxy never
// exposes them: requests by route and status, the database pool, Node's own, and what modules add (the mail queue,
// job runs). Off without METRICS_PORT.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

type Metrics = {
  /** Where modules add their own; collected only when metrics are on. */
  registry: Registry;
  /** A background job's round, as `ok` or `failed`. */
  jobRuns: Counter<'job' | 'outcome'>;
  /** The metrics server's port once listening (METRICS_PORT may be 0), or undefined when off. */
  port(): number | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    const jobRuns = new Counter({
      name: 'tessera_job_runs_total',
      help: 'Rounds of the background jobs, by job and outcome',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    });
    const { metricsPort, metricsHost } = app.config;
    if (metricsPort === undefined) {
      app.decorate('metrics', { registry, jobRuns, port: () => undefined });
      return;
    }

    collectDefaultMetrics({ register: registry });
    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route and status: their count and how long they took',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    // The route's pattern, never the URL itself: ids and tokens would make a series each.
    app.addHook('onResponse', async (request, reply) => {
      requests.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
    const { database } = app;
    if (database.kind === 'postgres') {
      new Gauge({
        name: 'tessera_db_pool_connections',
        help: 'Connections of the database pool: open, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, database.pool.totalCount);
          this.set({ state: 'idle' }, database.pool.idleCount);
          this.set({ state: 'waiting' }, database.pool.waitingCount);
        },
      });
    }

    const server = createServer((request, response) => {
      if (request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: collection failed');
          response.writeHead(500).end();
        },
      );
    });
    app.decorate('metrics', {
      registry,
      jobRuns,
      port: () => (server.address() as AddressInfo | null)?.port,
    });
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(metricsPort, metricsHost, resolve);
      });
    });
    app.addHook('onClose', async () => {
      await new Promise((resolve) => server.close(resolve));
    });
  },
  { name: 'metrics' },
);
