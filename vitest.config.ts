import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

import { configDefaults, defineConfig } from 'vitest/config';

import server from './server/vitest.config.ts';

// The server's test files share each worker's modules (isolate: false): each file still opens a database of its own
// and builds its own app, but the server's modules load once per worker, not once per file (docs/decisions/032). The
// files that replace a module (vi.mock) run isolated, as a project of their own: found here, so a new one cannot be
// forgotten.
const SERVER = path.join(import.meta.dirname, 'server');
const MOCKING = ['src', 'test'].flatMap((dir) =>
  readdirSync(path.join(SERVER, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter(
      (file) =>
        file.endsWith('.test.ts') && readFileSync(path.join(SERVER, file), 'utf8').includes('vi.mock('),
    ),
);

export default defineConfig({
  test: {
    projects: [
      'contract',
      'web',
      {
        root: './server',
        test: { ...server.test, isolate: false, exclude: [...configDefaults.exclude, ...MOCKING] },
      },
      { root: './server', test: { ...server.test, name: 'server-mocks', include: MOCKING } },
    ],
    globalSetup: ['test-load.ts'],
    // A worker per core: Vitest's default leaves one for its main process, which mostly waits, and on two cores that
    // halves the suite (web alone: 194 s with one worker, 125 s with two; docs/decisions/018).
    maxWorkers: availableParallelism(),
  },
});
