// What the benchmark (run.mjs) and the soak test (soak.mjs) share: the built app plus its /bench routes
// (server.ts), started on a freshly seeded scratch database (PostgreSQL from DATABASE_URL, in a database made for
// the run and dropped after it; else a fresh PGlite in a temporary directory), optionally beside the bare process
// (bare-server.mjs) on the same database and JWT secret, and the client side of signing in, reading the server's
// memory and the CPU time each process spends.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { build } from 'esbuild';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');
export const PASSWORD = 'bench-password';
export const databaseUrl = process.env.DATABASE_URL;
export const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const JWT_SECRET = randomBytes(32).toString('hex');

// Beside the server's own bundle, so that its packages resolve the same way.
const serverBundle = path.join(root, 'server/dist/bench-server.mjs');
// BENCH_CPU_PROF=dir: a V8 CPU profile of the app and of the bare process, written there when they stop.
const cpuProfile = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

export async function buildServer() {
  const serverPkg = JSON.parse(readFileSync(path.join(root, 'server/package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(import.meta.dirname, 'server.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(serverPkg.dependencies).filter((name) => name !== '@app/contract'),
    logLevel: 'warning',
  });
}

/**
 * Seeds a scratch database at `scale` (server/src/db/seed.ts), starts the built app on it with --expose-gc and
 * runs `work(baseUrl, { bareUrl, cpu })`; stops the app and drops the database whatever happens. `label` names the
 * scratch database. With `bare` on PostgreSQL, the bare process (bare-server.mjs) runs beside the app on the same
 * database with the same JWT secret, so the app's tokens work on it, and `bareUrl` is its address; on PGlite, a
 * database of the app's own process, there is none (`bareUrl` undefined). `cpu(url)` reads the CPU milliseconds
 * spent so far by the process serving `url` and by PostgreSQL (see cpuReader).
 *
 * The app runs as users run it: at the default log level, every request logged, to a file (the cheapest stdout a
 * deployment gives it; a terminal would measure the terminal). Its lines at warn and above are printed after the run.
 */
export async function withSeededApp({ label, scale, env = {}, bare = false }, work) {
  const target = await prepareDatabase(label);
  try {
    const seeded = spawnSync(
      process.execPath,
      [path.join(root, 'server/dist/cli.js'), 'seed', '--scale', String(scale)],
      {
        env: { ...process.env, ...target.env, JWT_SECRET, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      },
    );
    if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stderr}${seeded.stdout}`);
    console.log(seeded.stdout.trim());

    const port = await freePort();
    const logDir = mkdtempSync(path.join(tmpdir(), `tessera-${label}-log-`));
    const logFile = path.join(logDir, 'app.log');
    const log = openSync(logFile, 'a');
    const server = spawn(process.execPath, ['--expose-gc', ...cpuProfile, serverBundle], {
      cwd: path.join(root, 'server'),
      env: {
        ...process.env,
        ...target.env,
        PORT: String(port),
        JWT_SECRET,
        TRUST_PROXY: 'true',
        LOG_LEVEL: '',
        REDIS_URL: '',
        ...env,
      },
      stdio: ['ignore', log, 'inherit'],
    });
    closeSync(log);
    const baseUrl = `http://127.0.0.1:${port}`;
    const exited = once(server, 'exit');
    let bareServer;
    let bareExited;
    try {
      await waitForHealth(baseUrl, server);
      let bareUrl;
      if (bare && databaseUrl) {
        const barePort = await freePort();
        bareServer = spawn(
          process.execPath,
          [...cpuProfile, path.join(import.meta.dirname, 'bare-server.mjs')],
          {
            env: {
              ...process.env,
              PORT: String(barePort),
              DATABASE_URL: target.env.DATABASE_URL,
              JWT_SECRET,
            },
            stdio: ['ignore', 'inherit', 'inherit'],
          },
        );
        bareExited = once(bareServer, 'exit');
        bareUrl = `http://127.0.0.1:${barePort}`;
        await waitForListening(`${bareUrl}/items`, bareServer);
      }
      const pids = new Map([
        [baseUrl, server.pid],
        [bareUrl, bareServer?.pid],
      ]);
      const postgres = databaseUrl ? await postmasterPid(target.env.DATABASE_URL) : undefined;
      const cpu = cpuReader(pids, postgres);
      return await work(baseUrl, { bareUrl, cpu });
    } finally {
      bareServer?.kill('SIGTERM');
      await bareExited;
      server.kill('SIGTERM');
      await exited;
      printWarnings(logFile);
      rmSync(logDir, { recursive: true, force: true });
    }
  } finally {
    await target.drop();
  }
}

/** The app's log lines at warn (40) and above, and how many lines it wrote in all. */
function printWarnings(file) {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const loud = lines.filter((line) => {
    try {
      return JSON.parse(line).level >= 40;
    } catch {
      return true;
    }
  });
  console.log(`The app wrote ${lines.length} log lines, ${loud.length} at warn or above.`);
  for (const line of loud.slice(0, 20)) console.log(line);
}

// CPU time from Linux's /proc, in clock ticks of 10 ms (USER_HZ, 100 on every Linux architecture Node runs on).
const TICK_MS = 10;

/** utime, stime, cutime and cstime of a process (its threads included); null when it is gone or /proc is not there. */
function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * A reader of CPU milliseconds spent so far: `cpu(url)` gives `{ node, postgres }`, the Node process serving `url`
 * (every thread of it) and the whole PostgreSQL server (the postmaster, the backends it has reaped, and every live
 * child: backends, the WAL writer, the checkpointer), or undefined for either where it cannot be read (off Linux, a
 * database on another machine, PGlite inside the app's own process).
 */
function cpuReader(pids, postmaster) {
  const postgres = () => {
    const main = postmaster && cpuTicks(postmaster);
    if (!main) return undefined;
    let ticks = main.own + main.reaped;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = cpuTicks(entry);
      if (child?.ppid === postmaster) ticks += child.own;
    }
    return ticks * TICK_MS;
  };
  return (url) => {
    const node = cpuTicks(pids.get(url));
    return { node: node ? node.own * TICK_MS : undefined, postgres: postgres() };
  };
}

/** The PostgreSQL server's main process, when it runs on this machine: the parent of a backend. */
async function postmasterPid(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select pg_backend_pid() as pid');
    return cpuTicks(rows[0].pid)?.ppid;
  } finally {
    await client.end();
  }
}

export function auth(token) {
  return { authorization: `Bearer ${token}` };
}

/** The n-th client address: with TRUST_PROXY the app takes X-Forwarded-For as the client, for its rate limits. */
export function clientAddress(n) {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The login answer (access_token, refresh_token) for a seeded user. */
export async function signIn(baseUrl, email, address = '192.0.2.1') {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return response.json();
}

/** The server's heap after a full GC, its RSS, and the peaks of both since it started. */
export async function memory(baseUrl) {
  return (await fetch(`${baseUrl}/bench/memory`)).json();
}

export const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

async function prepareDatabase(label) {
  if (!databaseUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `tessera-${label}-`));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `tessera_${label}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function freePort() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function exitedEarly(child, name) {
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it answered`);
  }
}

/** Until the bare process answers at all (401, unauthenticated). */
async function waitForListening(url, child) {
  for (let attempt = 0; attempt < 150; attempt++) {
    exitedEarly(child, 'the bare process');
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the bare process did not listen within 30 s');
}

async function waitForHealth(url, child) {
  for (let attempt = 0; attempt < 600; attempt++) {
    exitedEarly(child, 'the app');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the app did not become healthy within 120 s');
}
