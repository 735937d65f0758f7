import path from 'node:path';

import { defineConfig } from '@playwright/test';

// One measure of the machine for every suite (docs/decisions/018).
import { scaled } from '../test-deadlines.ts';

// run.mjs sets these; the defaults let `npx playwright test` work against a build on port 3100 too.
const port = Number(process.env.E2E_PORT ?? 3100);
// A host name, not 127.0.0.1: WebAuthn refuses an IP address as its relying party (passkeys.spec.ts).
export const baseURL = `http://localhost:${port}`;
/** The DNS stand-in's port (stand-ins.setup.ts), which the server resolves domains through. */
export const dnsPort = Number(process.env.E2E_DNS_PORT ?? 3153);
/** The OpenID provider's (stand-ins.setup.ts), which a team saves as its single sign-on. */
export const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3154);

export default defineConfig({
  testDir: './tests',
  globalSetup: './stand-ins.setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Hang guards, not budgets (docs/decisions/018): speed is measured by npm run bench and the bundle budget. Two
  // browsers, the server and axe share two cores, and the operator flows sign in two browsers each, so an idle
  // machine already runs the slowest test in about 30 s; the suite's own load starts after the measure is taken, and
  // doubles what it saw, hence the base of 90 s per test and 15 s per assertion, stretched by a busy machine.
  timeout: scaled(90_000),
  expect: { timeout: scaled(15_000) },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // Recording a trace of every test to keep the failed ones' cost a quarter of the suite's CPU: a failure is
    // reproduced with one, `npm run test -w @app/e2e -- --trace on <file>` (docs/decisions/026).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // run.mjs picks Debian's headless shell, or its Chromium (docs/decisions/012).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Debian's Chromium in a sandboxed, offline machine; Playwright adds a fresh profile itself.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: 'node server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: scaled(90_000),
    // Playwright passes its own environment on; these keep the server on its own fresh embedded database.
    env: {
      DATABASE_URL: '',
      NODE_ENV: '',
      HOST: '',
      JWT_SECRET: '',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../data/e2e'),
      APP_URL: baseURL,
      // Each test sends its own X-Forwarded-For (fixtures.ts), so rate limits apply per test.
      TRUST_PROXY: 'true',
      SUPER_ADMIN_EMAILS: 'root@tessera.test,wurzel@tessera.test,console@tessera.test',
      LOG_LEVEL: 'warn',
      DNS_SERVERS: `127.0.0.1:${dnsPort}`,
    },
  },
});
