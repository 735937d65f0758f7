// Runs the browser suite against the built app: finds Debian's Chromium (or CHROMIUM_PATH), builds, picks a free
// port and a fresh data directory, then hands over to Playwright. Without a Chromium it says so and skips,
// unless E2E_REQUIRED=1 makes that a failure. Debian's headless shell is preferred where it is installed
// (docs/decisions/012): the same Chromium without the parts a headless test never shows, at half the CPU.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import dgram from 'node:dgram';
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

/** A port the system hands out now, for the server's HTTP or the DNS stand-in's UDP. */
const freePort = (socket, listen) =>
  new Promise((resolve, reject) => {
    socket.on('error', reject);
    listen(socket, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
const port = await freePort(net.createServer(), (server, ready) => server.listen(0, '127.0.0.1', ready));
// The DNS stand-in's (e2e/stand-ins.setup.ts): a UDP port, and the directory of the records the tests publish.
const dnsPort = await freePort(dgram.createSocket('udp4'), (socket, ready) =>
  socket.bind(0, '127.0.0.1', ready),
);
// The OpenID provider's (e2e/stand-ins.setup.ts): a TCP port.
const oidcPort = await freePort(net.createServer(), (server, ready) => server.listen(0, '127.0.0.1', ready));
const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-'));
const dnsDir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-dns-'));

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: import.meta.dirname,
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(port),
    E2E_DATA_DIR: dataDir,
    E2E_DNS_PORT: String(dnsPort),
    E2E_OIDC_PORT: String(oidcPort),
    E2E_DNS_DIR: dnsDir,
  },
});
rmSync(dataDir, { recursive: true, force: true });
rmSync(dnsDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
