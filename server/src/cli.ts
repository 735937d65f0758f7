// Operator commands: npm run cli -- <command>.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';

const commands: Record<string, { usage: string; run: (args: string[]) => Promise<string> }> = {
  migrate: {
    usage: 'migrate                       apply pending database migrations',
    run: async () => {
      const database = await openDatabase(loadConfig());
      try {
        await migrateDatabase(database);
        return 'Database is up to date.';
      } finally {
        await database.close();
      }
    },
  },
};

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(
    `Usage: npm run cli -- <command>\n\nCommands:\n${Object.values(commands)
      .map((c) => `  ${c.usage}`)
      .join('\n')}`,
  );
  process.exit(name ? 1 : 0);
}
command
  .run(args)
  .then((message) => console.log(message))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
