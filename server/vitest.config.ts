import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Hang guards, not speed budgets (docs/decisions/018): child-process tests start the real server, each start a
    // PGlite initdb and migrations, which take tens of seconds on a machine busy with other work.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
