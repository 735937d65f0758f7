import { availableParallelism } from 'node:os';

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web'],
    globalSetup: ['test-load.ts'],
    // A worker per core: Vitest's default leaves one for its main process, which mostly waits, and on two cores that
    // halves the suite (web alone: 194 s with one worker, 125 s with two; docs/decisions/018).
    maxWorkers: availableParallelism(),
  },
});
