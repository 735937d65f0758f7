// The daily run as a background job: each instance that runs jobs looks every hour whether the day's run is due, and
// the one that claims it runs it (maintenance.repository.ts), so it runs once a day whatever the number of workers.
// It cleans up, then checks every verified domain's DNS record again (enterprise).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { domainLookup, recheckDomains } from '../enterprise/domains.service.ts';
import { cleanUp } from './cleanup.service.ts';
import { claimRun } from './maintenance.repository.ts';
import { DAY_MS } from '../../lib/clock.ts';

const LOOK_EVERY_MS = 60 * 60_000;

export const maintenancePlugin = fp(
  async (app: FastifyInstance) => {
    const { database, clock, config, log } = app;
    let timer: NodeJS.Timeout | undefined;
    let round: Promise<void> | undefined;
    const stopping = new AbortController();
    const lookupTxt = domainLookup(config.dnsServers);

    /** One part of the day's run, logged and counted; tomorrow's run does what a failed one left. */
    const step = async (job: string, name: string, field: string, run: () => Promise<object>) => {
      try {
        log.info({ [field]: await run() }, `${name} done`);
        app.metrics.jobRuns.inc({ job, outcome: 'ok' });
      } catch (error) {
        log.error({ err: error }, `${name} failed`);
        app.metrics.jobRuns.inc({ job, outcome: 'failed' });
      }
    };

    const runIfDue = () => {
      round ??= (async () => {
        try {
          const now = clock.now();
          if (!(await claimRun(database.db, 'cleanup', now, DAY_MS))) return;
          // Each part on its own: a clean-up that fails does not skip the day's domain check, nor the other way.
          await step('cleanup', 'daily clean-up', 'deleted', () =>
            cleanUp(database.db, now, config, stopping.signal),
          );
          await step('domain-check', 'daily domain check', 'domains', () =>
            recheckDomains({ db: database.db, clock, lookupTxt }, stopping.signal),
          );
        } catch (error) {
          log.error({ err: error }, 'daily run failed');
        } finally {
          round = undefined;
        }
      })();
      return round;
    };

    app.jobs.add({
      start() {
        void runIfDue();
        timer = setInterval(() => void runIfDue(), LOOK_EVERY_MS).unref();
      },
      async stop() {
        clearInterval(timer);
        // A run under way ends after its current batch, well within the stop's grace.
        stopping.abort();
        await round;
      },
    });
  },
  { name: 'maintenance', dependencies: ['jobs', 'metrics'] },
);
