// Runs the browser suite against the built app: finds Debian's Chromium (or CHROMIUM_PATH), builds, picks a free
// port and a fresh data directory, then hands over to Playwright. Without a Chromium it says so and skips,
// unless E2E_REQUIRED=1 makes that a failure. Debian's headless shell is preferred where it is installed
// (docs/decisions/012): the same Chromium without the parts a headless test never shows, at half the CPU.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(existsSync) ||
  '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const message =
    `Browser tests skipped: no Chromium at ${chromium}. ` +
    'Install one with `apt-get install -y chromium chromium-headless-shell` (or set CHROMIUM_PATH) to run them.';
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`${message}\nE2E_REQUIRED=1: failing.`);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const port = await new Promise((resolve, reject) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
  server.on('error', reject);
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-'));

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: import.meta.dirname,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
