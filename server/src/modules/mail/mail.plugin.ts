// Mail delivery for the app: the outbox worker is a background job, and the dev mailbox serves when there is no SMTP.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { Gauge } from 'prom-client';

import { countQueuedMail } from './mail.repository.ts';
import { createOutboxWorker } from './outbox-worker.ts';
import { devMailboxRoutes } from './dev-mailbox.routes.ts';
import { createDevMailer, createSmtpMailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** Wakes the outbox worker: call after committing a transaction that enqueued mail, so it leaves at once. */
      notify(): void;
    };
  }
}

const isLoopback = (host: string) =>
  host === 'localhost' || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback');

type MailPluginOptions = {
  /** How often the worker looks for due mail when nobody wakes it. */
  pollIntervalMs?: number;
};

export const mailPlugin = fp<MailPluginOptions>(
  async (app: FastifyInstance, { pollIntervalMs }) => {
    const { config, database } = app;
    const mailer = config.smtpUrl
      ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
      : createDevMailer(app.log);
    const worker = createOutboxWorker({
      db: database.db,
      mailer,
      log: app.log,
      pollIntervalMs,
      // PGlite is one process's own database: no other worker to keep claimed mail from (outbox-worker.ts).
      exclusive: database.kind === 'pglite',
      onRound: (outcome) => app.metrics.jobRuns.inc({ job: 'mail', outcome }),
    });
    new Gauge({
      name: 'tessera_mail_queue_depth',
      help: 'Mail not yet delivered: due (or being delivered), and retrying after a failed attempt',
      labelNames: ['state'] as const,
      registers: [app.metrics.registry],
      // A database that does not answer must not take every other metric down with this one: left unset instead.
      async collect() {
        try {
          const { due, retrying } = await countQueuedMail(database.db, app.clock.now());
          this.set({ state: 'due' }, due);
          this.set({ state: 'retrying' }, retrying);
        } catch (error) {
          this.reset();
          app.log.warn({ err: error }, 'metrics: the mail queue could not be counted');
        }
      },
    });

    app.decorate('mail', { notify: worker.notify });
    // Mail committed by requests still finishing stays in the outbox for the next round, here or elsewhere.
    app.jobs.add({
      start: worker.start,
      stop: async () => {
        await worker.stop();
        mailer.close();
      },
    });

    // Every reset and invitation link is on that page: it is served only to this machine (docs/contract.md section 4).
    // Production has SMTP_URL (config.ts refuses to start without it), so never a dev mailbox.
    if (!config.smtpUrl && config.duties.servesApi) {
      if (isLoopback(config.host)) await app.register(devMailboxRoutes);
      else app.log.warn(`the dev mailbox is off: HOST ${config.host} is not a loopback address`);
    }
  },
  { name: 'mail', dependencies: ['errors', 'jobs', 'metrics'] },
);
