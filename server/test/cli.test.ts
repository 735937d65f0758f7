// The operator commands as an operator runs them: a real process on a real data directory.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { operatorAudit } from '../src/db/schema/operator-audit.ts';
import { users } from '../src/db/schema/users.ts';
import { migratedDataDir } from './app-process.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

async function cli(dataDir: string, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code: code as number, stdout, stderr };
}

/** Runs `work` on the data directory's database while no command holds it. */
async function withDatabase(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>,
) {
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    await work(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run cli -- promote-super-admin', () => {
  it('refuses an unverified account in one line (exit 1), and promotes it once verified', async () => {
    const dataDir = await migratedDataDir('tessera-cli-');
    const email = 'operator@example.com';
    await withDatabase(dataDir, async (db) => {
      await db.insert(users).values({ email, passwordHash: null, isVerified: false });
    });

    const refused = await cli(dataDir, 'promote-super-admin', email);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `${email} has not verified its email yet: verify it first, then promote it`,
    ]);

    await withDatabase(dataDir, async (db) => {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      expect(user!.isSuperAdmin).toBe(false);
      await db.update(users).set({ isVerified: true }).where(eq(users.email, email));
    });
    const promoted = await cli(dataDir, 'promote-super-admin', email);
    expect(promoted).toMatchObject({ code: 0, stderr: '' });
    await withDatabase(dataDir, async (db) => {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      expect(user!.isSuperAdmin).toBe(true);
    });
  });
});

describe('npm run cli -- unsuspend', () => {
  it('lifts a suspension in one line, on the operators’ audit list; a repeat changes nothing; an unknown email exits 1', async () => {
    const dataDir = await migratedDataDir('tessera-cli-');
    const email = 'locked-out@example.com';
    await withDatabase(dataDir, async (db) => {
      await db.insert(users).values({ email, passwordHash: null, isVerified: true, suspendedAt: new Date() });
    });

    const lifted = await cli(dataDir, 'unsuspend', email);
    expect(lifted).toEqual({ code: 0, stdout: `${email} is no longer suspended.\n`, stderr: '' });
    const again = await cli(dataDir, 'unsuspend', email);
    expect(again).toEqual({ code: 0, stdout: `${email} is not suspended.\n`, stderr: '' });
    const unknown = await cli(dataDir, 'unsuspend', 'nobody@example.com');
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No account with the email nobody@example.com\n',
    });

    await withDatabase(dataDir, async (db) => {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      expect(user!.suspendedAt).toBeNull();
      expect(
        await db
          .select({
            operatorId: operatorAudit.operatorId,
            operatorEmail: operatorAudit.operatorEmail,
            action: operatorAudit.action,
            targetUserId: operatorAudit.targetUserId,
          })
          .from(operatorAudit),
      ).toEqual([
        {
          operatorId: null,
          operatorEmail: 'npm run cli',
          action: 'user.unsuspended',
          targetUserId: user!.uuid,
        },
      ]);
    });
  });
});
