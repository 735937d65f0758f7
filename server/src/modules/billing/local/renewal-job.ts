// Renews the local provider's subscriptions whose period has ended (or ends the cancelled ones), so invoices appear
// on time even for a team nobody looks at. Reads settle the same way, so a stopped job delays nothing a user sees.
import type { FastifyBaseLogger } from 'fastify';

import { findDueTeams, type LocalBillingDeps, settleTeam } from './local-billing.service.ts';

const BATCH_SIZE = 50;

export type RenewalJob = {
  start(): void;
  /** Settles every team that is due now; resolves when done. Rounds never overlap. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
};

export function createRenewalJob({
  deps,
  log,
  intervalMs = 60_000,
  onRound = () => {},
}: {
  deps: LocalBillingDeps;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Told how each round ended (metrics). */
  onRound?: (outcome: 'ok' | 'failed') => void;
}): RenewalJob {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let isStopped = false;

  async function settleDue() {
    // A team that fails is logged and left for the next round; the others still renew.
    const failed = new Set<string>();
    for (;;) {
      const due = (await findDueTeams(deps, BATCH_SIZE + failed.size)).filter((id) => !failed.has(id));
      for (const tenantId of due) {
        if (isStopped) return;
        try {
          await settleTeam(deps, tenantId);
        } catch (error) {
          failed.add(tenantId);
          log.error({ err: error, tenantId }, 'subscription renewal failed; will retry');
        }
      }
      if (due.length < BATCH_SIZE) return;
    }
  }

  function runOnce(): Promise<void> {
    round ??= settleDue()
      .then(
        () => onRound('ok'),
        (error: unknown) => {
          log.error({ err: error }, 'subscription renewal round failed');
          onRound('failed');
        },
      )
      .finally(() => {
        round = undefined;
      });
    return round;
  }

  return {
    start() {
      isStopped = false;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs).unref();
    },
    runOnce,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
