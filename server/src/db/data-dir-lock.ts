// PGlite takes no lock of its own, and two processes on one data directory silently lose data
// (ARCHITECTURE.md, measured facts). This pid file makes a second process fail at once instead.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export type DataDirLock = { release(): void };

export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'tessera.lock');
  if (!tryCreate(file)) {
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (isAlive(holder)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by another Tessera process (pid ${holder}). ` +
          'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).',
      );
    }
    // Left behind by a process that died without cleaning up.
    rmSync(file, { force: true });
    if (!tryCreate(file))
      throw new DataDirLockedError(`Another process took the lock on ${dataDir} just now.`);
  }
  return {
    release: () => {
      if (readPid(file) === process.pid) rmSync(file, { force: true });
    },
  };
}

function tryCreate(file: string): boolean {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readPid(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
