// Sends the queued webhook deliveries (docs/contract.md section 4, Developer platform): at least once, with the same
// webhook-id on every attempt, retried with exponential backoff up to MAX_ATTEMPTS, then failed. Up to `concurrency`
// attempts are in flight at once, topped up as they finish and at every poll, so a slow receiver holds its places,
// not the queue.
import { setMaxListeners } from 'node:events';

import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { type Rounds, rounds } from '../../lib/rounds.ts';
import { type Claimed, claimDue, handBack, type Outcome, settle } from './webhooks.repository.ts';
import { ATTEMPT_TIMEOUT_MS, type Send, sign } from './sender.ts';

export const MAX_ATTEMPTS = 8;
/** How long a claimed delivery stays hidden from other workers: longer than any attempt takes. */
const LEASE_MS = 6 * ATTEMPT_TIMEOUT_MS;
/** How long a stop lets the attempts in flight finish before it aborts and hands them back. */
const STOP_GRACE_MS = 2_000;

/** Wait before attempt `attempts + 1` after `attempts` failed ones: base, 2 × base, 4 × base … */
export const retryDelayMs = (attempts: number, baseMs: number) => baseMs * 2 ** (attempts - 1);

type DeliveryWorkerOptions = {
  db: Db;
  send: Send;
  log: FastifyBaseLogger;
  /** WEBHOOK_RETRY_BASE_SECONDS, in ms. */
  retryBaseMs: number;
  clock?: Clock;
  pollIntervalMs?: number;
  concurrency?: number;
  stopGraceMs?: number;
  /** Told how each round ended (metrics). */
  onRound?: (outcome: 'ok' | 'failed') => void;
};

/** The rounds of lib/rounds.ts, each sending every delivery that is due; a stop hands back what is in flight. */
export type DeliveryWorker = Pick<Rounds, 'start' | 'notify' | 'drain' | 'stop'>;

export function createDeliveryWorker({
  db,
  send,
  log,
  retryBaseMs,
  clock = systemClock,
  pollIntervalMs = 1000,
  concurrency = 64,
  stopGraceMs = STOP_GRACE_MS,
  onRound = () => {},
}: DeliveryWorkerOptions): DeliveryWorker {
  const job = rounds({
    work: deliverDue,
    pollIntervalMs,
    log,
    failure: 'webhook delivery round failed',
    onRound,
  });
  // Aborts the attempts still in flight once a stop's grace has run out; every attempt in flight listens to it.
  const abort = new AbortController();
  setMaxListeners(0, abort.signal);

  async function attempt(claim: Claimed): Promise<Outcome | 'aborted'> {
    const attemptedAt = clock.now();
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Tessera-Webhooks/1',
      'webhook-id': claim.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(claim.secret, claim.id, timestamp, claim.body),
    };
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      responseStatus = await send({ url: claim.url, headers, body: claim.body, signal: abort.signal });
      if (responseStatus < 200 || responseStatus > 299) error = `answered ${responseStatus}`;
    } catch (caught) {
      if (abort.signal.aborted) return 'aborted';
      error = (caught instanceof Error ? caught.message : String(caught)).slice(0, 500);
    }
    const attempts = claim.attempts + 1;
    const failed = error !== null;
    const status = !failed ? 'succeeded' : attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    if (failed) {
      log[status === 'failed' ? 'warn' : 'info'](
        { deliveryId: claim.id, attempts, error },
        status === 'failed' ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
      );
    }
    return {
      claim,
      status,
      attempts,
      responseStatus,
      error,
      attemptedAt,
      nextAttemptAt: new Date(attemptedAt.getTime() + (failed ? retryDelayMs(attempts, retryBaseMs) : 0)),
    };
  }

  async function deliverDue() {
    const inFlight = new Map<string, Promise<void>>();
    const outcomes: Outcome[] = [];
    const aborted: Claimed[] = [];
    // Whether the last claim found less than it asked for: then the next waits for a poll, rather than following
    // every attempt that ends.
    let drained = false;
    let nextClaimAt = 0;
    const settleDone = () => settle(db, outcomes.splice(0));
    try {
      while (!job.isStopped()) {
        // Top up once half the places are free: fewer, larger claims and settlements.
        if (inFlight.size <= concurrency / 2 && performance.now() >= nextClaimAt) {
          await settleDone();
          const now = clock.now();
          const limit = concurrency - inFlight.size;
          const batch = await claimDue(db, { now, leaseUntil: new Date(now.getTime() + LEASE_MS), limit });
          drained = batch.length < limit;
          nextClaimAt = drained ? performance.now() + pollIntervalMs : 0;
          for (const claim of batch) {
            const sent = attempt(claim).then((outcome) => {
              if (outcome === 'aborted') aborted.push(claim);
              else outcomes.push(outcome);
              inFlight.delete(claim.id);
            });
            inFlight.set(claim.id, sent);
          }
        }
        if (inFlight.size === 0) break;
        // Slow receivers hold their places, not the queue: with nothing more due a moment ago, what has come due
        // since is claimed after a poll's wait, whether or not they have answered.
        let poll: NodeJS.Timeout | undefined;
        const waits = [...inFlight.values()];
        if (drained) waits.push(new Promise<void>((resolve) => (poll = setTimeout(resolve, pollIntervalMs))));
        await job.orStop(Promise.race(waits));
        clearTimeout(poll);
        if (drained) await settleDone();
      }
    } finally {
      if (job.isStopped() && inFlight.size > 0) {
        // What does not finish within the stop's grace is aborted, and handed back below.
        await job.orStop(Promise.all(inFlight.values()), stopGraceMs);
        abort.abort();
      }
      await Promise.all(inFlight.values());
      await settleDone();
      if (aborted.length > 0) {
        await handBack(db, aborted, clock.now());
        log.info({ deliveries: aborted.length }, 'stopping: webhook deliveries in flight handed back');
      }
    }
  }

  const { start, notify, drain, stop } = job;
  return { start, notify, drain, stop };
}
