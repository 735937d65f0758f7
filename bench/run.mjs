// npm run bench: starts the built app (PostgreSQL from DATABASE_URL, else a fresh PGlite) and measures each
// endpoint with autocannon on loopback. Writes bench/results.json and bench/results.md and prints the table.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;

const endpoints = [{ name: 'GET /api/health', method: 'GET', path: '/api/health' }];

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-'));
const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const baseUrl = `http://127.0.0.1:${port}`;

try {
  await waitForHealth(baseUrl);
  const results = [];
  for (const endpoint of endpoints) {
    const run = await autocannon({
      url: baseUrl + endpoint.path,
      method: endpoint.method,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    results.push({
      endpoint: endpoint.name,
      requestsPerSecond: Math.round(run.requests.average),
      p50Ms: run.latency.p50,
      p99Ms: run.latency.p99,
      errors: run.errors + run.non2xx,
    });
  }
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const table = [
    `Database: ${database}; ${CONNECTIONS} connections for ${DURATION_S} s each.`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|',
    ...results.map(
      (r) => `| ${r.endpoint} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} |`,
    ),
  ].join('\n');
  writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify({ database, results }, null, 2) + '\n');
  writeFileSync(path.join(root, 'bench/results.md'), table + '\n');
  console.log(table);
  process.exitCode = results.some((r) => r.errors > 0) ? 1 : 0;
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}

async function freePort() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForHealth(url) {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the app did not become healthy within 60 s');
}
