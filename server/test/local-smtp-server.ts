// For tests: a real SMTP server on a local port that keeps what it receives (smtp-server, as the issue asks).
import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
};

export type LocalSmtpServer = {
  port: number;
  received: ReceivedMail[];
  /** Resolves once `count` mails have arrived in all. */
  waitForMails(count: number): Promise<void>;
  close(): Promise<void>;
};

/** Listens on `port`, or on a free one when it is 0. */
export async function startLocalSmtpServer(port = 0): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  let waiting: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Without a trusted certificate nodemailer would refuse the STARTTLS that smtp-server offers.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        const due = waiting.filter((entry) => received.length >= entry.count);
        waiting = waiting.filter((entry) => !due.includes(entry));
        for (const waiter of due) waiter.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    waitForMails: (count) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A header of a raw message, as long as it is not folded over several lines. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
}

/** The decoded text/plain part of a message as nodemailer writes it. */
export function plainTextOf(raw: string): string {
  return partOf(raw, 'text/plain');
}

/** The decoded body of the part with this content type, as nodemailer writes it (quoted-printable, base64 or plain). */
export function partOf(raw: string, contentType: string): string {
  const part = raw.split('\r\n--').find((candidate) => candidate.includes(`Content-Type: ${contentType}`));
  if (!part) throw new Error(`no ${contentType} part`);
  const headEnd = part.indexOf('\r\n\r\n');
  const head = part.slice(0, headEnd);
  const body = part.slice(headEnd + 4);
  switch (/^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body, 'base64').toString('utf8');
    default:
      return body;
  }
}
