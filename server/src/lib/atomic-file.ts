import { randomBytes } from 'node:crypto';
import { linkSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Creates `file` with `content` unless it exists (then answers false). The content is written to a private
 * temporary file first and linked into place, so no reader ever sees the file empty or half-written.
 */
export function createFileExclusively(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}
