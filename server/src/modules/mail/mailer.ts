// How a mail leaves the outbox: over SMTP when SMTP_URL is set, otherwise into the dev mailbox.
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

import type { OutgoingMail } from './mail.repository.ts';

export type Mailer = {
  /** Resolves once the mail is handed over; rejects when it was not, so the worker retries it. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** http(s) links in a plain-text body; nothing else is worth a click. */
export const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

export function createSmtpMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = createTransport(
    {
      url: smtpUrl,
      // Nodemailer waits minutes by default. A mail server that hangs must fail the attempt well inside the
      // worker's lease (outbox-worker.ts), so no other instance picks the mail up while this one still tries.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  return {
    // Only these fields: the worker hands over whole outbox rows, whose other keys nodemailer must not see.
    send: async ({ to, subject, text, html }) => {
      await transport.sendMail({ to, subject, text, html });
    },
    close: () => transport.close(),
  };
}

/** Development without SMTP: the outbox row itself is the kept mail; its links go to the log to be clicked. */
export function createDevMailer(log: FastifyBaseLogger): Mailer {
  return {
    send: async ({ to, subject, text }) => {
      log.info({ to, subject, links: text.match(LINK_PATTERN) ?? [] }, 'mail kept in the dev mailbox');
    },
    close: () => {},
  };
}
