// Operator commands: npm run cli -- <command>.
import { EmailSchema } from '@app/contract';

import { loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { SEED_PASSWORD, seedDatabase, seedUserEmail } from './db/seed.ts';
import { promoteSuperAdmin } from './modules/auth/account-status.service.ts';
import { liftSuspension } from './modules/super-admin/super-admin.service.ts';

/** Runs `work` on the migrated database, closing it afterwards. */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  // An operator command serves nothing: production asks it for the secret alone (config.ts).
  const database = await openDatabase(loadConfig(process.env, { for: 'command' }));
  try {
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

const commands: Record<string, { usage: string; run: (args: string[]) => Promise<string> }> = {
  migrate: {
    usage: 'migrate                       apply pending database migrations',
    run: () => withDatabase(async () => 'Database is up to date.'),
  },
  'promote-super-admin': {
    usage: 'promote-super-admin <email>   make an existing account a super admin',
    run: async ([email]) => {
      const parsed = EmailSchema.safeParse(email ?? '');
      if (!parsed.success) throw new Error('Usage: npm run cli -- promote-super-admin <email>');
      await withDatabase(({ db }) => promoteSuperAdmin(db, parsed.data));
      return `${parsed.data} is now a super admin (from their next sign-in or token refresh).`;
    },
  },
  unsuspend: {
    usage: "unsuspend <email>             lift the suspension of an account, a listed super admin's too",
    run: async ([email]) => {
      const parsed = EmailSchema.safeParse(email ?? '');
      if (!parsed.success) throw new Error('Usage: npm run cli -- unsuspend <email>');
      const lifted = await withDatabase(({ db }) => liftSuspension(db, parsed.data));
      return lifted ? `${parsed.data} is no longer suspended.` : `${parsed.data} is not suspended.`;
    },
  },
  seed: {
    usage:
      'seed [--scale N]              fill the database with benchmark data (scale 1: 1,000 teams, 10,000 users)',
    run: async (args) => {
      const flag = args.indexOf('--scale');
      const scale = flag === -1 ? 1 : Number(args[flag + 1]);
      if (!(scale > 0)) throw new Error('Usage: npm run cli -- seed [--scale N] (N a positive number)');
      const started = Date.now();
      const counts = await withDatabase(({ db }) => seedDatabase(db, scale));
      return (
        `Seeded ${counts.teams} teams, ${counts.users} users, ${counts.items} items, ${counts.invoices} invoices ` +
        `and ${counts.feedback} feedback in ${((Date.now() - started) / 1000).toFixed(1)} s. ` +
        `Users sign in as ${seedUserEmail(1)} … ${seedUserEmail(counts.users)} with password ${SEED_PASSWORD}.`
      );
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
