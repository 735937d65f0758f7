import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // PGlite boots in-process (~0.4 s from the template) and child-process tests start the real server.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
