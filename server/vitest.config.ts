import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // The deadlines are set there, scaled to how busy the machine is (docs/decisions/018).
    setupFiles: ['test/setup.ts'],
  },
});
