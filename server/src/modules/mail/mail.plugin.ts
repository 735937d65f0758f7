// Mail delivery for the app: the outbox worker runs while the app is ready, and the dev mailbox when there is no SMTP.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';

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
    });

    app.decorate('mail', { notify: worker.notify });
    app.addHook('onReady', async () => worker.start());
    // preClose, not onClose: onClose hooks run last-registered first, so the database may already be closing.
    // Mail committed by requests still finishing stays in the outbox for the next start.
    app.addHook('preClose', async () => {
      await worker.stop();
      mailer.close();
    });

    // Every reset and invitation link is on that page: it is served only to this machine (docs/contract.md section 4).
    // Production has SMTP_URL (config.ts refuses to start without it), so never a dev mailbox.
    if (!config.smtpUrl) {
      if (isLoopback(config.host)) await app.register(devMailboxRoutes);
      else app.log.warn(`the dev mailbox is off: HOST ${config.host} is not a loopback address`);
    }
  },
  { name: 'mail', dependencies: ['errors'] },
);
