// Start-up: config → database → migrations (or a check that they ran) → app → listen. On SIGTERM/SIGINT: not ready
// at once, serving for SHUTDOWN_DRAIN_SECONDS, then finishing what is in flight (docs/contract.md section 5).
import { setTimeout as sleep } from 'node:timers/promises';

import closeWithGrace from 'close-with-grace';
import pino from 'pino';

import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { assertIsolation, assertSchemaCurrent, migrateDatabase } from './db/migrate.ts';
import { type StartupStage, startupErrorMessage } from './startup-errors.ts';

/** How long in-flight requests and jobs get to finish after the drain before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

/** How far start-up got, so a failure is named by the step that failed (startup-errors.ts). */
const progress: { stage: StartupStage; config?: Config } = { stage: 'config' };

async function main() {
  const config = loadConfig();
  if (config.processRole !== 'all' && !config.databaseUrl) {
    // The embedded database is one process's own: a web instance alone would never send mail, a worker serve nothing.
    throw new ConfigError(`Invalid configuration: PROCESS_ROLE: ${config.processRole} needs DATABASE_URL`);
  }
  progress.config = config;
  progress.stage = 'database';
  const database = await openDatabase(config);
  const app = await (config.migrateOnStart ? migrateDatabase(database) : assertSchemaCurrent(database))
    .then(() => assertIsolation(database))
    .then(() => {
      progress.stage = 'app';
      return buildApp({ config, database, logger: { stream: logDestination() } });
    })
    .catch(async (error: unknown) => {
      await database.close();
      throw error;
    });

  closeWithGrace(
    { delay: config.shutdownDrainMs + SHUTDOWN_GRACE_MS, logger: app.log },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'stopping after an uncaught error');
      else {
        app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'stopping: not ready, draining');
        app.lifecycle.drain();
        await sleep(config.shutdownDrainMs);
        app.log.info('stopping: finishing in-flight requests');
      }
      // Fastify stops accepting connections and waits for the requests it is serving, the jobs hand back what they
      // claimed; then the database closes.
      await app.close();
      await database.close();
    },
  );

  progress.stage = 'listen';
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
}

/**
 * Standard output, written asynchronously: a line is handed to the kernel by a write of its own once the one before
 * has gone, so that under load lines leave in batches, in order, and a request never waits on a write. pino flushes
 * what is left, synchronously, when the process exits, a stop and an uncaught error included (docs/decisions/031).
 */
function logDestination() {
  return pino.destination({ dest: 1, sync: false });
}

main().catch((error: unknown) => {
  // Start-up problems an operator can fix get one line naming the cause and the variable; anything else its stack.
  console.error(startupErrorMessage(error, progress) ?? error);
  process.exit(1);
});
