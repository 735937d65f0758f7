// Tells the payment provider the seat changes queued beside them (seat-syncs.repository.ts): the subscription's
// quantity as it stands when sent, so two changes in a row end in the second. A provider that fails or cannot be
// reached is tried again after BILLING_RETRY_BASE_SECONDS, doubling, at most an hour apart, until it has the quantity.
import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { type Rounds, rounds } from '../../../lib/rounds.ts';
import * as repo from '../billing.repository.ts';
import type { BillingProvider } from '../billing-provider.ts';
import {
  claimDueSeatSync,
  finishSeatSync,
  retrySeatSync,
  type SeatSyncClaim,
} from './seat-syncs.repository.ts';

/**
 * How long a claimed change stays hidden from other workers: longer than telling the provider takes, its SDK's own
 * retries included (two calls of three tries of at most 15 s). Changes are claimed one at a time, so none waits out
 * its lease behind another's.
 */
const LEASE_MS = 5 * 60_000;
/** About a day of attempts at the default base (30 s, doubling to an hour). */
const ALERT_AFTER_ATTEMPTS = 30;
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** Wait before attempt `attempts + 1` after `attempts` failed ones: base, 2 × base, 4 × base …, at most an hour. */
export const seatRetryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(attempts - 1, 30));

export type SeatWorker = Pick<Rounds, 'start' | 'notify' | 'drain' | 'stop'>;

export function createSeatWorker({
  db,
  clock,
  providers,
  log,
  retryBaseMs,
  pollIntervalMs = 1000,
  onRound = () => {},
}: {
  db: Db;
  clock: Clock;
  providers: Partial<Record<BillingProvider['name'], BillingProvider>>;
  log: FastifyBaseLogger;
  retryBaseMs: number;
  pollIntervalMs?: number;
  onRound?: (outcome: 'ok' | 'failed') => void;
}): SeatWorker {
  async function send(claim: SeatSyncClaim) {
    const subscription = await repo.findSubscription(db, claim.tenantId);
    // Nothing left to tell: the team has no subscription that can still bill (ended, or replaced by a local one).
    if (!subscription || subscription.provider === 'local' || !repo.isBillable(subscription.status)) {
      await finishSeatSync(db, claim);
      return;
    }
    try {
      const provider = providers[subscription.provider];
      if (!provider) throw new Error(`${subscription.provider} is not configured`);
      await provider.setQuantity(subscription, claim.attempts + 1);
      await finishSeatSync(db, claim);
    } catch (error) {
      const attempts = claim.attempts + 1;
      const retryAt = new Date(clock.now().getTime() + seatRetryDelayMs(attempts, retryBaseMs));
      // Retried for as long as it takes; past a day of tries, someone should look.
      log[attempts >= ALERT_AFTER_ATTEMPTS ? 'error' : 'warn'](
        { err: error, tenantId: claim.tenantId, attempts, retryAt },
        'seat change not accepted by the payment provider; will retry',
      );
      await retrySeatSync(
        db,
        claim,
        retryAt,
        error instanceof Error ? error.message.slice(0, 500) : 'failed',
      );
    }
  }

  const job = rounds({
    async work() {
      while (!job.isStopped()) {
        const now = clock.now();
        const claim = await claimDueSeatSync(db, now, new Date(now.getTime() + LEASE_MS));
        if (!claim) return;
        await send(claim);
      }
    },
    pollIntervalMs,
    log,
    failure: 'seat change round failed',
    onRound,
  });
  const { start, notify, drain, stop } = job;
  return { start, notify, drain, stop };
}
