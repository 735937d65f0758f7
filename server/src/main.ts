// Start-up: config → database → migrations → app → listen; graceful shutdown on SIGTERM/SIGINT.
import closeWithGrace from 'close-with-grace';

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { migrateDatabase } from './db/migrate.ts';

/** How long in-flight requests get to finish after a stop signal before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await migrateDatabase(database)
    .then(() => buildApp({ config, database }))
    .catch(async (error: unknown) => {
      await database.close();
      throw error;
    });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an uncaught error');
    else app.log.info({ signal }, 'stopping: finishing in-flight requests');
    // Fastify stops accepting connections and waits for the requests it is serving; then the database closes.
    await app.close();
    await database.close();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  // Start-up problems an operator can fix get one clear line; anything else gets its stack.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
