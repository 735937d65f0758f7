// PGlite takes no lock of its own, and two processes on one data directory silently lose data
// (docs/architecture.md, measured facts). This pid file makes a second process fail at once instead.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { createFileExclusively } from '../lib/atomic-file.ts';

export class DataDirLockedError extends Error {}

type DataDirLock = { release(): void };

export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'tessera.lock');
  if (!createFileExclusively(file, String(process.pid))) {
    const holder = readPid(file);
    if (holder !== undefined && isRunningNode(holder)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by another Tessera process (pid ${holder}). ` +
          'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).',
      );
    }
    // Left behind by a process that died without cleaning up (a crash, kill -9, a container restart).
    rmSync(file, { force: true });
    if (!createFileExclusively(file, String(process.pid)))
      throw new DataDirLockedError(`Another process took the lock on ${dataDir} just now.`);
  }
  return {
    release: () => {
      if (readPid(file) === process.pid) rmSync(file, { force: true });
    },
  };
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunningNode(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // After a restart the old pid may belong to an unrelated program; where /proc tells, require a Node process.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}
