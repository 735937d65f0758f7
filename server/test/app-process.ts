// The app's real start-up path (src/main.ts) in a child process, for tests of start-up and of several instances.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

import { scaled } from '../../test-deadlines.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

export type Started = {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
};

/** A fresh DATA_DIR holding the suite's migrated template (global-setup.ts): a process starts on it without an initdb. */
export async function migratedDataDir(prefix = 'tessera-') {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  await (await PGlite.create(path.join(dir, 'pgdata'), { loadDataDir: template })).close();
  return dir;
}

/** `preload`: a module (a path from server/) loaded before the app, for a test that needs a hand inside the process. */
export function run(env: NodeJS.ProcessEnv, { preload }: { preload?: string } = {}) {
  const imports = ['--import', 'tsx', ...(preload ? ['--import', `./${preload}`] : [])];
  const child = spawn(process.execPath, [...imports, 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exit };
}

export async function start(env: NodeJS.ProcessEnv, options?: { preload?: string }): Promise<Started> {
  const running = run(env, options);
  const url = await new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(running.output());
      if (match) {
        clearInterval(check);
        resolve(match[1]!);
      }
    }, 50);
    void running.exit.then((code) => {
      clearInterval(check);
      reject(new Error(`server exited with ${code} before listening:\n${running.output()}`));
    });
  });
  return { ...running, url, port: Number(new URL(url).port) };
}

export async function stop(server: Started) {
  server.child.kill('SIGTERM');
  return server.exit;
}

/**
 * Polls until `condition` holds, for tests that wait on a process or server. The deadline only turns a hang into a
 * failure that names `what` (docs/decisions/018): inside the test's own, scaled as it is.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = scaled(45_000),
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
