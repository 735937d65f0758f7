import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { until } from '../../../test/app-process.ts';
import { createTestDatabase, type TestDatabase, TestClock } from '../../../test/helpers.ts';
import { outbox } from '../../db/schema/outbox.ts';
import {
  headerOf,
  type LocalSmtpServer,
  plainTextOf,
  startLocalSmtpServer,
} from '../../../test/local-smtp-server.ts';
import { claimDueMail, enqueueMail, type OutgoingMail } from './mail.repository.ts';
import { verificationMail } from './mail.templates.ts';
import { createSmtpMailer, type Mailer } from './mailer.ts';
import { createOutboxWorker, retryDelayMs } from './outbox-worker.ts';

let database: TestDatabase;
const logged: { level: number; msg: string; mailId?: string; attempts?: number }[] = [];
// Fastify's own pino logger, writing JSON lines to the test.
const log = Fastify({
  logger: { level: 'info', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
}).log;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
// Each test starts with an empty outbox, so workers in one test never see another test's mail.
beforeEach(async () => {
  await database.db.delete(outbox);
});

const FROM = 'Tessera <no-reply@tessera.test>';
let sequence = 0;
const mailTo = (to = `user-${++sequence}@example.com`): OutgoingMail => ({
  to,
  subject: `Mail ${sequence}`,
  text: `Body ${sequence}`,
  html: `<p>Body ${sequence}</p>`,
});
const rowsOf = () => database.db.select().from(outbox).orderBy(outbox.createdAt);

/** A mailer that records what it is handed, in the order it was handed over. */
function recordingMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      // Yield, so that two workers really interleave.
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(mail);
    },
    close: () => {},
  };
  return { sent, mailer };
}

/** A mailer whose deliveries wait until the test lets them go. */
function gatedMailer() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const hasEntered = new Promise<void>((resolve) => (entered = resolve));
  let inFlight = 0;
  let maxInFlight = 0;
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      entered();
      await gate;
      inFlight -= 1;
      sent.push(mail);
    },
    close: () => {},
  };
  return { mailer, sent, release, hasEntered, maxInFlight: () => maxInFlight };
}

describe('delivery over SMTP', () => {
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers a mail to the SMTP server once, with its link, and marks it sent', async () => {
    const to = 'ada@example.com';
    await enqueueMail(
      database.db,
      verificationMail({ to, locale: 'en', appUrl: 'http://localhost:3000', token: 'tok en/+=' }),
    );
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM });
    const worker = createOutboxWorker({ db: database.db, mailer, log });

    await worker.drain();
    await worker.drain();
    mailer.close();

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.envelopeFrom).toBe('no-reply@tessera.test');
    expect(message!.envelopeTo).toEqual([to]);
    expect(headerOf(message!.raw, 'From')).toBe(FROM);
    expect(headerOf(message!.raw, 'To')).toBe(to);
    expect(headerOf(message!.raw, 'Subject')).toBe('Verify your Tessera email');
    expect(plainTextOf(message!.raw)).toContain('http://localhost:3000/verify-email?token=tok%20en%2F%2B%3D');
    const [row] = await rowsOf();
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(0);
  });
});

describe('a mail server that is down', () => {
  it('delays the mail with backoff and delivers it exactly once when the server is back', async () => {
    // Take a free port and leave it closed: connections are refused, as by a mail server that is down.
    const probe = await startLocalSmtpServer();
    const port = probe.port;
    await probe.close();

    await enqueueMail(
      database.db,
      verificationMail({ to: 'bob@example.com', locale: 'en', appUrl: 'http://app', token: 't1' }),
    );
    // Set after the enqueue: the database stamps the mail with its own time, and it must be due for the worker.
    const clock = new TestClock(new Date());
    const start = clock.now();
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    const worker = createOutboxWorker({ db: database.db, mailer, log, clock });

    await worker.drain();
    let [row] = await rowsOf();
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    expect(row!.nextAttemptAt).toEqual(new Date(start.getTime() + 5_000));
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'mail delivery failed; will retry',
        mailId: row!.id,
        attempts: 1,
      }),
    );

    const smtp = await startLocalSmtpServer(port);
    try {
      clock.advance(4_999);
      await worker.drain();
      expect(smtp.received).toHaveLength(0);

      clock.advance(1);
      await worker.drain();
      await worker.drain();
      expect(smtp.received).toHaveLength(1);
      expect(headerOf(smtp.received[0]!.raw, 'To')).toBe('bob@example.com');
      [row] = await rowsOf();
      expect(row).toMatchObject({ sentAt: clock.now(), attempts: 1 });
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('delivers, once, the mail queued while a server that was up went away, when it comes back', async () => {
    let smtp = await startLocalSmtpServer();
    const port = smtp.port;
    // Real time, moved forward past a backoff when the test says so: the database stamps each mail with its own now.
    let offset = 0;
    const clock = { now: () => new Date(Date.now() + offset) };
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    const worker = createOutboxWorker({ db: database.db, mailer, log, clock });
    const recipients = () => smtp.received.flatMap((mail) => mail.envelopeTo);
    try {
      await enqueueMail(database.db, mailTo('before@example.com'));
      await worker.drain();
      expect(recipients()).toEqual(['before@example.com']);

      await smtp.close();
      await enqueueMail(database.db, mailTo('while-away@example.com'));
      await worker.drain();
      const away = (await rowsOf()).find((row) => row.to === 'while-away@example.com')!;
      expect(away).toMatchObject({ sentAt: null, attempts: 1 });
      expect(away.lastError).toMatch(/ECONNREFUSED/);

      smtp = await startLocalSmtpServer(port);
      offset += retryDelayMs(1);
      await worker.drain();
      await worker.drain();
      // The server that came back got the queued mail once, and not the one its predecessor already had.
      expect(recipients()).toEqual(['while-away@example.com']);
      expect((await rowsOf()).every((row) => row.sentAt !== null)).toBe(true);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('keeps retrying at the longest delay, and says so loudly', async () => {
    await enqueueMail(database.db, mailTo());
    const clock = new TestClock(new Date());
    const failing: Mailer = {
      send: () => Promise.reject(new Error('451 try again later')),
      close: () => {},
    };
    const worker = createOutboxWorker({ db: database.db, mailer: failing, log, clock });

    for (let failure = 1; failure <= 10; failure += 1) {
      await worker.drain();
      clock.advance(retryDelayMs(failure));
    }

    const [row] = await rowsOf();
    expect(row).toMatchObject({ sentAt: null, attempts: 10, lastError: '451 try again later' });
    expect(row!.nextAttemptAt).toEqual(clock.now());
    const failures = logged.filter(
      (line) => line.mailId === row!.id && line.msg === 'mail delivery failed; will retry',
    );
    expect(failures.map((line) => line.level)).toEqual([40, 40, 40, 40, 40, 40, 40, 40, 50, 50]);
  });

  it('waits 5 s after the first failure, doubling up to 15 minutes', () => {
    expect([1, 2, 3, 8, 9, 100].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 640_000, 900_000, 900_000,
    ]);
  });
});

describe('the worker', () => {
  it('delivers every due mail in batches, oldest first, and leaves mail that is not due', async () => {
    // Written out of order, a minute apart, all due.
    const minutesAgo = [3, 7, 1, 5, 2, 6, 4];
    for (const minutes of minutesAgo) {
      const writtenAt = new Date(Date.now() - minutes * 60_000);
      await database.db.insert(outbox).values({
        ...mailTo(`${minutes}-minutes@example.com`),
        createdAt: writtenAt,
        nextAttemptAt: writtenAt,
      });
    }
    await database.db
      .insert(outbox)
      .values({ ...mailTo('later@example.com'), nextAttemptAt: new Date(Date.now() + 60_000) });
    const { sent, mailer } = recordingMailer();
    const worker = createOutboxWorker({ db: database.db, mailer, log, batchSize: 3 });

    await worker.drain();

    expect(sent.map((mail) => mail.to)).toEqual([7, 6, 5, 4, 3, 2, 1].map((m) => `${m}-minutes@example.com`));
    const unsent = (await rowsOf()).filter((row) => row.sentAt === null);
    expect(unsent.map((row) => row.to)).toEqual(['later@example.com']);
  });

  it('delivers each mail once when two workers share the database', async () => {
    for (let i = 0; i < 30; i += 1) await enqueueMail(database.db, mailTo());
    const { sent, mailer } = recordingMailer();
    const first = createOutboxWorker({ db: database.db, mailer, log, batchSize: 4 });
    const second = createOutboxWorker({ db: database.db, mailer, log, batchSize: 4 });

    await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);

    const recipients = sent.map((mail) => mail.to);
    expect(new Set(recipients).size).toBe(30);
    expect(recipients).toHaveLength(30);
    expect((await rowsOf()).every((row) => row.sentAt !== null)).toBe(true);
  });

  it('never overlaps itself, delivers mail enqueued during a round in that round, and stops after it', async () => {
    await enqueueMail(database.db, mailTo('first@example.com'));
    const gated = gatedMailer();
    const worker = createOutboxWorker({ db: database.db, mailer: gated.mailer, log });

    worker.start();
    await gated.hasEntered;
    await enqueueMail(database.db, mailTo('second@example.com'));
    worker.notify();
    const joined = worker.drain();
    const stopped = worker.stop();
    gated.release();
    await Promise.all([joined, stopped]);

    expect(gated.maxInFlight()).toBe(1);
    // stop() let the claimed batch finish and went no further: the second mail waits for the next start.
    expect(gated.sent.map((mail) => mail.to)).toEqual(['first@example.com']);
    const resumed = recordingMailer();
    await createOutboxWorker({ db: database.db, mailer: resumed.mailer, log }).drain();
    expect(resumed.sent.map((mail) => mail.to)).toEqual(['second@example.com']);
  });

  it('on stop, hands back the mail it claimed and did not deliver, the one a hung server holds too', async () => {
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com'])
      await enqueueMail(database.db, mailTo(to));
    const hung = gatedMailer();
    // A worker sharing its database with others: its claims are 15-minute leases.
    const worker = createOutboxWorker({ db: database.db, mailer: hung.mailer, log, stopGraceMs: 50 });
    worker.start();
    await hung.hasEntered;
    // The mail server never answers; stop() does not wait for it.
    await worker.stop();

    const rows = await rowsOf();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ sentAt: null, attempts: 0 });
      // Due now, not when the lease would have run out.
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const next = recordingMailer();
    await createOutboxWorker({ db: database.db, mailer: next.mailer, log }).drain();
    expect(next.sent.map((mail) => mail.to).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it('leaves a handed-back mail to its next claim when the abandoned send answers late', async () => {
    await enqueueMail(database.db, mailTo('late@example.com'));
    const hung = gatedMailer();
    const worker = createOutboxWorker({ db: database.db, mailer: hung.mailer, log, stopGraceMs: 50 });
    worker.start();
    await hung.hasEntered;
    await worker.stop();
    // Another instance claims it for 15 minutes; then the old send finishes.
    const [claimed] = await claimDueMail(database.db, {
      now: new Date(),
      leaseUntil: new Date(Date.now() + 15 * 60_000),
      limit: 10,
    });
    expect(claimed?.to).toBe('late@example.com');
    hung.release();
    await until(
      () => logged.some((entry) => entry.msg === 'mail delivered' && entry.mailId === claimed!.id),
      'the late send to settle',
    );
    // Settling it is the new claim's: the old one neither marks it sent nor moves its lease.
    const [row] = await rowsOf();
    expect(row).toMatchObject({ sentAt: null, attempts: 0, nextAttemptAt: claimed!.nextAttemptAt });
  });

  it('goes round again for a wake-up that arrives during a round', async () => {
    await enqueueMail(database.db, mailTo('first@example.com'));
    const gated = gatedMailer();
    const worker = createOutboxWorker({ db: database.db, mailer: gated.mailer, log });

    const round = worker.drain();
    await gated.hasEntered;
    await enqueueMail(database.db, mailTo('second@example.com'));
    const joined = worker.drain();
    gated.release();
    await Promise.all([round, joined]);

    expect(gated.sent.map((mail) => mail.to)).toEqual(['first@example.com', 'second@example.com']);
    expect(gated.maxInFlight()).toBe(1);
  });

  it.each([
    [true, ['claimed@example.com']],
    [false, []],
  ])(
    'after a process died mid-delivery, delivers the mail it had claimed at once when exclusive (%s), else after the lease',
    async (exclusive, delivered) => {
      await enqueueMail(database.db, mailTo('claimed@example.com'));
      // The process that claimed the mail dies in the middle of delivering it: its send never returns.
      let entered!: () => void;
      const claimed = new Promise<void>((resolve) => (entered = resolve));
      const dying: Mailer = { send: () => (entered(), new Promise<never>(() => {})), close: () => {} };
      void createOutboxWorker({ db: database.db, mailer: dying, log, exclusive }).drain();
      await claimed;

      // The next start. On the embedded database (exclusive) nobody else can hold the mail, so it goes at once;
      // a shared database's lease keeps it from every worker until it runs out.
      const restarted = recordingMailer();
      await createOutboxWorker({ db: database.db, mailer: restarted.mailer, log, exclusive }).drain();
      expect(restarted.sent.map((mail) => mail.to)).toEqual(delivered);
    },
  );

  it('polls for mail that nobody announced', async () => {
    let delivered!: (mail: OutgoingMail) => void;
    const arrival = new Promise<OutgoingMail>((resolve) => (delivered = resolve));
    const mailer: Mailer = { send: async (mail) => delivered(mail), close: () => {} };
    const worker = createOutboxWorker({ db: database.db, mailer, log, pollIntervalMs: 20 });

    worker.start();
    try {
      await enqueueMail(database.db, mailTo('polled@example.com'));
      expect((await arrival).to).toBe('polled@example.com');
    } finally {
      await worker.stop();
    }
  });

  it('logs a round that fails because the database is gone, instead of throwing', async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const { mailer } = recordingMailer();

    await expect(createOutboxWorker({ db: gone.db, mailer, log }).drain()).resolves.toBeUndefined();

    expect(logged).toContainEqual(expect.objectContaining({ level: 50, msg: 'mail outbox round failed' }));
    await gone.drop();
  });
});
