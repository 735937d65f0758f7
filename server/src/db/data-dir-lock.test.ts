import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tessera-lock-'));

describe('lockDataDir', () => {
  it('refuses a directory held by another live process, naming it', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'tessera.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Tessera process (pid ${process.ppid})`);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = dataDir();
    const file = path.join(dir, 'tessera.lock');
    writeFileSync(file, '999999999');
    const lock = lockDataDir(dir);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another program', async () => {
    const dir = dataDir();
    const other = spawn('sleep', ['30']);
    await once(other, 'spawn');
    writeFileSync(path.join(dir, 'tessera.lock'), String(other.pid));
    try {
      lockDataDir(dir).release();
    } finally {
      other.kill();
    }
  });

  it('can be taken again after release', () => {
    const dir = dataDir();
    lockDataDir(dir).release();
    expect(() => lockDataDir(dir).release()).not.toThrow();
  });
});
