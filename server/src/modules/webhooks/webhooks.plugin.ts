// Webhook delivery for the app: the worker is a background job (in the roles that run jobs), and the services get
// what production's URL rule and the worker's wake-up need.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';

import { createDeliveryWorker } from './delivery-worker.ts';
import { createSender } from './sender.ts';
import { publicOnlyLookup, type Resolve, systemResolve } from '../../lib/url-safety.ts';
import { countQueued } from './webhooks.repository.ts';
import type { WebhookDeps } from './webhooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookDeps & {
      /** Sends every delivery that is due now (tests wait on it). */
      drain(): Promise<void>;
    };
  }
}

export type WebhooksPluginOptions = {
  /** Tests stand in for DNS, to give a name a public or a private address. */
  resolve?: Resolve | undefined;
  /** How long an attempt may take; tests of a receiver that never answers shorten it. */
  timeoutMs?: number | undefined;
};

export const webhooksPlugin = fp<WebhooksPluginOptions>(
  async (app: FastifyInstance, { resolve = systemResolve, timeoutMs }) => {
    const { config, database } = app;
    const publicHttpsOnly = config.isProduction;
    const sender = createSender({
      lookup: publicHttpsOnly ? publicOnlyLookup(resolve) : undefined,
      timeoutMs,
    });
    const worker = createDeliveryWorker({
      db: database.db,
      send: sender.send,
      log: app.log,
      clock: app.clock,
      retryBaseMs: config.webhookRetryBaseMs,
      onRound: (outcome) => app.metrics.jobRuns.inc({ job: 'webhooks', outcome }),
    });
    new Gauge({
      name: 'tessera_webhook_queue_depth',
      help: 'Webhook deliveries not yet settled: due (or being sent), and retrying after a failed attempt',
      labelNames: ['state'] as const,
      registers: [app.metrics.registry],
      // As the mail queue's: a database that does not answer leaves it unset rather than failing every metric.
      async collect() {
        try {
          const { due, retrying } = await countQueued(database.db, app.clock.now());
          this.set({ state: 'due' }, due);
          this.set({ state: 'retrying' }, retrying);
        } catch (error) {
          this.reset();
          app.log.warn({ err: error }, 'metrics: the webhook queue could not be counted');
        }
      },
    });
    app.decorate('webhooks', {
      db: database.db,
      publicHttpsOnly,
      resolve,
      notify: worker.notify,
      drain: worker.drain,
    });
    app.jobs.add({
      start: worker.start,
      stop: async () => {
        await worker.stop();
        sender.close();
      },
    });
  },
  { name: 'webhooks', dependencies: ['jobs', 'metrics'] },
);
