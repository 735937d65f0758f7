// Delivers the mail outbox: polls for due mail, retries failures with backoff, never gives up on a mail.
import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../../db/client.ts';
import type { OutboxRow } from '../../db/schema/outbox.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { type Rounds, rounds } from '../../lib/rounds.ts';
import { claimDueMail, handBackMail, markMailSent, recordDeliveryFailure } from './mail.repository.ts';
import type { Mailer } from './mailer.ts';

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 15 * 60_000;
/**
 * How long a claimed mail stays hidden from other instances. It must outlast delivering a whole batch, even
 * to a mail server that hangs (see the SMTP timeouts in mailer.ts); a mail whose instance died mid-delivery
 * is retried once it runs out.
 */
const LEASE_MS = 15 * 60_000;
const BATCH_SIZE = 10;
/** How long a stop lets the mail being handed over finish before handing it back (a mail server may hang). */
const STOP_GRACE_MS = 2_000;

/** Wait before the next attempt after `failures` failed ones: 5 s, 10 s, 20 s … up to 15 minutes. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);
}

type OutboxWorkerOptions = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock?: Clock;
  pollIntervalMs?: number;
  batchSize?: number;
  stopGraceMs?: number;
  /** Told how each round ended (metrics). */
  onRound?: (outcome: 'ok' | 'failed') => void;
  /**
   * The only worker on its database (the embedded one, which the data-dir lock keeps to one process). Its rounds
   * never overlap, so a claim needs no lease: claimed mail stays due, and after a crash mid-delivery (the process
   * killed, the machine restarted) goes out at the next start instead of when a 15-minute lease runs out.
   */
  exclusive?: boolean;
};

/** The rounds of lib/rounds.ts, each delivering every mail that is due; a stop hands back what it claimed. */
type OutboxWorker = Pick<Rounds, 'start' | 'notify' | 'drain' | 'stop'>;

export function createOutboxWorker({
  db,
  mailer,
  log,
  clock = systemClock,
  pollIntervalMs = 1000,
  batchSize = BATCH_SIZE,
  stopGraceMs = STOP_GRACE_MS,
  onRound = () => {},
  exclusive = false,
}: OutboxWorkerOptions): OutboxWorker {
  const leaseMs = exclusive ? 0 : LEASE_MS;
  const job = rounds({ work: deliverDue, pollIntervalMs, log, failure: 'mail outbox round failed', onRound });

  async function deliver(mail: OutboxRow) {
    try {
      await mailer.send(mail);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delay = retryDelayMs(attempts);
      const nextAttemptAt = new Date(clock.now().getTime() + delay);
      const lastError = error instanceof Error ? error.message : String(error);
      await recordDeliveryFailure(db, mail, {
        attempts,
        lastError: lastError.slice(0, 2000),
        nextAttemptAt,
      });
      // At the longest delay a mail is stuck rather than delayed: make it loud enough to alert on.
      log[delay === MAX_RETRY_MS ? 'error' : 'warn'](
        { err: error, mailId: mail.id, attempts, nextAttemptAt },
        'mail delivery failed; will retry',
      );
      return;
    }
    try {
      await markMailSent(db, mail, clock.now());
      log.info({ mailId: mail.id }, 'mail delivered');
    } catch (error) {
      // Delivery is at least once: this mail went out but stays due, and is sent again when its lease ends (at
      // the next round for an exclusive worker).
      log.error({ err: error, mailId: mail.id }, 'mail delivered but not marked sent');
    }
  }

  async function deliverDue() {
    for (;;) {
      const at = clock.now();
      const batch = await claimDueMail(db, {
        now: at,
        leaseUntil: new Date(at.getTime() + leaseMs),
        limit: batchSize,
      });
      for (const [index, mail] of batch.entries()) {
        // A stop hands back what this round claimed and has not delivered, the mail in flight too if it does not
        // finish within the grace: another instance, or the next start, delivers it now rather than after the lease.
        const outcome = job.isStopped() ? 'stopped' : await job.orStop(deliver(mail), stopGraceMs);
        if (outcome === 'stopped') {
          const rest = batch.slice(index).map(({ id }) => id);
          await handBackMail(db, rest, clock.now());
          log.info({ mails: rest.length }, 'stopping: claimed mail handed back');
          return;
        }
      }
      // A stop finishes (or hands back) the claimed batch only: the rest stays in the table for the next round.
      if (batch.length < batchSize || job.isStopped()) return;
    }
  }

  const { start, notify, drain, stop } = job;
  return { start, notify, drain, stop };
}
