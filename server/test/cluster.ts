// The production proof of issue 28 (docs/operations.md, docs/contract.md section 5): three web instances and one
// worker from the pruned release, on PostgreSQL and a Redis of the test's own, behind Debian's nginx, all started at
// once on an empty database with migrations on start. Run by .ci/run after it builds the release:
//   npx tsx server/test/cluster.ts <release dir>
// Needs nginx, redis-server and PostgreSQL (DATABASE_URL, default the CI's); prints its figures, exits 1 on a failure.
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { scaled } from '../../test-deadlines.ts';
import { type LocalSmtpServer, startLocalSmtpServer } from './local-smtp-server.ts';
import { freePort, startPrivatePostgres } from './private-postgres.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const release = path.resolve(process.argv[2] ?? REPO);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const work = mkdtempSync(path.join(tmpdir(), 'tessera-cluster-'));
const started = Date.now();
const cleanups: (() => Promise<unknown> | unknown)[] = [];
const figures: Record<string, unknown> = {};

function log(message: string) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = scaled(60_000)) {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await Promise.resolve()
      .then(condition)
      // Not answering yet is waited on; a process that died is not.
      .catch((error: unknown) => {
        if ((error as { fatal?: boolean }).fatal) throw error;
        return false;
      }))
  ) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// --- HTTP: a keep-alive client per source address, as two users behind the proxy are two addresses --------------

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

function client(localAddress = '127.0.0.1') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress });
  cleanups.push(() => agent.destroy());
  return (url: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const request = http.request(
        url,
        {
          agent,
          method: options.method ?? 'GET',
          headers: {
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
            ...options.headers,
          },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
}
const fetchJson = client();

// --- The services ---------------------------------------------------------------------------------------------

async function startRedis(port: number) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end('PING\r\n');
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
    'redis-server',
  );
  return child;
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = await exited;
  return code as number | null;
}

type Instance = { name: string; port: number; child: ChildProcess; output: () => string };

function instanceEnv(databaseUrl: string, redisPort: number, smtpPort: number, proxyPort: number) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    APP_URL: `http://127.0.0.1:${proxyPort}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // One proxy in front: the client's address is the last X-Forwarded-For entry, the one nginx adds.
    TRUST_PROXY: '1',
    MIGRATE_ON_START: 'true',
    SHUTDOWN_DRAIN_SECONDS: '2',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, 'data'),
  };
}

/** Each instance's metrics port, by name: the same again when it restarts. */
const metricsPorts = new Map<string, number>();

async function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): Promise<Instance> {
  if (!metricsPorts.has(name)) metricsPorts.set(name, await freePort());
  // What `npm run serve` runs, without npm in between: the signals reach the app itself, as in the Dockerfile.
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: release,
    env: { ...env, PORT: String(port), METRICS_PORT: String(metricsPorts.get(name)) },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const instance = { name, port, child, output: () => output };
  cleanups.push(() => stopChild(child, 'SIGKILL'));
  return instance;
}

async function waitReady(instance: Instance) {
  await until(async () => {
    if (instance.child.exitCode !== null)
      throw Object.assign(new Error(`${instance.name} exited:\n${instance.output()}`), { fatal: true });
    return (await fetchJson(`http://127.0.0.1:${instance.port}/api/health/ready`)).status === 200;
  }, `${instance.name} to be ready`);
}

async function startNginx(port: number, webPorts: number[]) {
  const prefix = path.join(work, 'nginx');
  execFileSync('mkdir', ['-p', path.join(prefix, 'logs'), path.join(prefix, 'temp')]);
  let conf = readFileSync(path.join(REPO, 'deploy/nginx.conf'), 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    assert.match(conf, pattern, `deploy/nginx.conf no longer has ${pattern}`);
    conf = conf.replace(pattern, by);
  };
  replace(
    /^ *server web:3000 (.*);$/m,
    webPorts.map((webPort) => `    server 127.0.0.1:${webPort} $1;`).join('\n'),
  );
  replace(/^ *listen 80;$/m, `    listen 127.0.0.1:${port};`);
  // Unprivileged and self-contained: its pid, logs and buffers in the test's directory.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(prefix, 'temp', kind)};`)
    .join('\n');
  replace(/^http \{$/m, `http {\n${temp}`);
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  conf = `${user}pid ${path.join(prefix, 'nginx.pid')};\nerror_log ${path.join(prefix, 'logs/error.log')} warn;\n${conf}`;
  writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  // Its workers would outlive a killed master, holding the test's output open: stopped with SIGQUIT, which ends them.
  const child = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  cleanups.push(() => stopChild(child, 'SIGQUIT'));
  await until(
    async () => (await fetchJson(`http://127.0.0.1:${port}/api/health/live`)).status === 200,
    'nginx',
  );
  return child;
}

// --- The flows ------------------------------------------------------------------------------------------------

const PASSWORD = 'correct horse battery';
const linkIn = (raw: string) => {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /token=([\w-]+)/.exec(text)?.[1];
  assert.ok(token, `no link in a mail:\n${raw}`);
  return token;
};

async function main() {
  for (const program of ['nginx', 'redis-server']) {
    try {
      execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    } catch {
      throw new Error(`${program} is not installed (apt-get install -y nginx-light redis-server)`);
    }
  }
  const database = `tessera_cluster_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string, url = adminUrl) => {
    const connection = new pg.Client({ connectionString: url });
    await connection.connect();
    try {
      return await connection.query(statement);
    } finally {
      await connection.end();
    }
  };
  await admin(`create database ${database}`);
  cleanups.push(() => admin(`drop database if exists ${database} with (force)`));
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

  const [redisPort, smtpPort, proxyPort, ...webPorts] = await Promise.all(
    [1, 2, 3, 4, 5, 6].map(() => freePort()),
  );
  let redis = await startRedis(redisPort!);
  cleanups.push(() => stopChild(redis, 'SIGKILL'));
  let smtp: LocalSmtpServer = await startLocalSmtpServer(smtpPort);
  cleanups.push(() => smtp.close());
  const env = instanceEnv(databaseUrl, redisPort!, smtpPort!, proxyPort!);

  // All at once, on an empty database: one migrates, the others wait for its lock and find nothing to do.
  log('starting three web instances and a worker at once on an empty database');
  const webs = await Promise.all(
    webPorts.map((port, i) => startInstance(`web${i + 1}`, port, { ...env, PROCESS_ROLE: 'web' })),
  );
  const workerPort = await freePort();
  let worker = await startInstance('worker', workerPort, { ...env, PROCESS_ROLE: 'worker' });
  await Promise.all([...webs, worker].map(waitReady));
  const journal = JSON.parse(
    readFileSync(path.join(release, 'server/src/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const applied = await admin('select created_at from drizzle.__drizzle_migrations', databaseUrl);
  assert.equal(applied.rowCount, journal.entries.length, 'each migration applied once');
  assert.equal(new Set(applied.rows.map((row) => String(row.created_at))).size, journal.entries.length);
  figures.migrations = applied.rowCount;
  // The worker serves health alone.
  assert.equal((await fetchJson(`http://127.0.0.1:${workerPort}/api/config`)).status, 404);

  const proxy = `http://127.0.0.1:${proxyPort}`;
  await startNginx(proxyPort!, webPorts);
  const on = (i: number) => `http://127.0.0.1:${webPorts[i]}`;

  // A user registered through one instance verifies, signs in and refreshes through the others; the worker mails.
  log('one account across instances');
  const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
  assert.equal(
    (await fetchJson(`${on(0)}/api/auth/register`, { method: 'POST', body: { email, password: PASSWORD } }))
      .status,
    201,
  );
  await until(() => smtp.received.some((mail) => mail.envelopeTo.includes(email)), 'the verification mail');
  const token = linkIn(smtp.received.find((mail) => mail.envelopeTo.includes(email))!.raw);
  assert.equal((await fetchJson(`${on(1)}/api/auth/verify-email?token=${token}`)).status, 200);
  const login = await fetchJson(`${on(2)}/api/auth/login`, {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  assert.equal(login.status, 200, login.body);
  const session = JSON.parse(login.body) as { access_token: string; refresh_token: string };
  const refresh = await fetchJson(`${on(0)}/api/auth/refresh`, {
    method: 'POST',
    body: { refresh_token: session.refresh_token },
  });
  assert.equal(refresh.status, 200, refresh.body);
  const { access_token: accessToken } = JSON.parse(refresh.body) as { access_token: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const team = await fetchJson(`${on(1)}/api/tenants`, {
    method: 'POST',
    body: { name: 'Cluster' },
    headers: auth,
  });
  assert.equal(team.status, 201, team.body);
  const { uuid: tenantUuid } = JSON.parse(team.body) as { uuid: string };
  const inTeam = { ...auth, 'x-tenant-uuid': tenantUuid };

  // Rate limits: one per account whichever instance counts, one per client behind the proxy.
  async function lockOut(label: string) {
    const victim = `victim-${randomBytes(4).toString('hex')}@example.com`;
    assert.equal(
      (
        await fetchJson(`${proxy}/api/auth/register`, {
          method: 'POST',
          body: { email: victim, password: PASSWORD },
        })
      ).status,
      201,
    );
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await client(`127.0.1.${attempt}`)(`${proxy}/api/auth/login`, {
        method: 'POST',
        body: { email: victim, password: `wrong ${attempt}` },
      });
      assert.equal(wrong.status, 401, `${label}: wrong password ${attempt}: ${wrong.body}`);
    }
    const eleventh = await client('127.0.1.11')(`${proxy}/api/auth/login`, {
      method: 'POST',
      body: { email: victim, password: PASSWORD },
    });
    assert.equal(eleventh.status, 429, `${label}: the 11th attempt: ${eleventh.body}`);
  }
  log('rate limits through the proxy');
  await lockOut('with Redis');
  const first = client('127.0.2.1');
  const second = client('127.0.2.2');
  for (let request = 1; request <= 60; request++) {
    // A forged X-Forwarded-For changes nothing: the app reads the entry nginx adds.
    const answer = await first(`${proxy}/api/auth/refresh`, {
      method: 'POST',
      body: {},
      headers: { 'x-forwarded-for': `198.51.100.${request}` },
    });
    assert.equal(answer.status, 422, `request ${request}: ${answer.body}`);
  }
  assert.equal((await first(`${proxy}/api/auth/refresh`, { method: 'POST', body: {} })).status, 429);
  assert.equal((await second(`${proxy}/api/auth/refresh`, { method: 'POST', body: {} })).status, 422);

  log('Redis stopped: the limits hold through the database');
  await stopChild(redis);
  await lockOut('without Redis');
  redis = await startRedis(redisPort!);
  await Promise.all(webs.map(waitReady));

  // A mail queued while the mail server is down leaves once it is back, after the worker was restarted.
  log('mail queued while the mail server is down, across a worker restart');
  await smtp.close();
  const late = `late-${randomBytes(4).toString('hex')}@example.com`;
  assert.equal(
    (
      await fetchJson(`${proxy}/api/auth/register`, {
        method: 'POST',
        body: { email: late, password: PASSWORD },
      })
    ).status,
    201,
  );
  await until(async () => {
    const { rows } = await admin(`select attempts from outbox where "to" = '${late}'`, databaseUrl);
    return Number(rows[0]?.attempts ?? 0) > 0;
  }, 'a failed delivery attempt');
  assert.equal(await stopChild(worker.child), 0, 'the worker exits 0 on SIGTERM');
  worker = await startInstance('worker', workerPort, { ...env, PROCESS_ROLE: 'worker' });
  await waitReady(worker);
  smtp = await startLocalSmtpServer(smtpPort);
  await until(
    () => smtp.received.some((mail) => mail.envelopeTo.includes(late)),
    'the late mail',
    scaled(120_000),
  );

  // A rolling restart under steady load through the proxy: every answer counted.
  log('rolling restart under load');
  const load = { sent: 0, failed: [] as string[], latencies: [] as number[], during: [] as number[] };
  let restarting = false;
  let running = true;
  const caller = client('127.0.3.1');
  const timed = async (what: string, call: () => Promise<Answer>, ok: (status: number) => boolean) => {
    const began = performance.now();
    load.sent += 1;
    try {
      const answer = await call();
      if (!ok(answer.status)) load.failed.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
    } catch (error) {
      load.failed.push(`${what}: ${String(error)}`);
    }
    const took = performance.now() - began;
    load.latencies.push(took);
    if (restarting) load.during.push(took);
  };
  const loop = async () => {
    while (running) {
      let id: string | undefined;
      await timed(
        'POST /api/items/',
        async () => {
          const answer = await caller(`${proxy}/api/items/`, {
            method: 'POST',
            body: { name: 'Rolling', description: 'restart' },
            headers: inTeam,
          });
          if (answer.status === 201) id = (JSON.parse(answer.body) as { uuid: string }).uuid;
          return answer;
        },
        (status) => status === 201,
      );
      await timed(
        'GET /api/items/',
        () => caller(`${proxy}/api/items/?limit=20`, { headers: inTeam }),
        (s) => s === 200,
      );
      if (id)
        await timed(
          'DELETE /api/items/{id}',
          () => caller(`${proxy}/api/items/${id}`, { method: 'DELETE', headers: inTeam }),
          (status) => status === 204 || status === 200,
        );
      await timed(
        'GET /api/config',
        () => caller(`${proxy}/api/config`),
        (status) => status === 200,
      );
    }
  };
  const loops = Array.from({ length: 8 }, loop);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  restarting = true;
  for (const [i, web] of webs.entries()) {
    log(`  restarting ${web.name}`);
    assert.equal(await stopChild(web.child), 0, `${web.name} exits 0 on SIGTERM`);
    webs[i] = await startInstance(web.name, web.port, { ...env, PROCESS_ROLE: 'web' });
    await waitReady(webs[i]!);
  }
  restarting = false;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  running = false;
  await Promise.all(loops);
  const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;
  Object.assign(figures, {
    requestsSent: load.sent,
    requestsLost: load.failed.length,
    p99MsDuringRestart: Math.round(p99(load.during)),
    p99MsOverall: Math.round(p99(load.latencies)),
  });
  const kinds = new Map<string, number>();
  for (const failure of load.failed)
    kinds.set(failure.slice(0, 120), (kinds.get(failure.slice(0, 120)) ?? 0) + 1);
  assert.deepEqual(Object.fromEntries(kinds), {}, `${load.failed.length} of ${load.sent} requests lost`);

  // Metrics, on each instance's own port and never through the proxy.
  log('metrics');
  const scrape = async (name: string) => {
    const answer = await fetchJson(`http://127.0.0.1:${metricsPorts.get(name)}/metrics`);
    assert.equal(answer.status, 200, `${name}'s metrics`);
    return answer.body;
  };
  const webMetrics = await scrape('web1');
  assert.match(
    webMetrics,
    /http_request_duration_seconds_count\{method="POST",route="\/api\/items\/",status_code="201"\} [1-9]/,
  );
  assert.match(webMetrics, /tessera_db_pool_connections\{state="total"\} [1-9]/);
  const workerMetrics = await scrape('worker');
  assert.match(workerMetrics, /tessera_mail_queue_depth\{state="due"\} 0/);
  assert.match(workerMetrics, /tessera_job_runs_total\{job="mail",outcome="ok"\} [1-9]/);
  // The day's clean-up ran once, by the first worker: the restarted one found it done.
  assert.doesNotMatch(workerMetrics, /tessera_job_runs_total\{job="cleanup"/);
  const cleanupRuns = await admin(
    `select next_run_at > now() as later from job_runs where name = 'cleanup'`,
    databaseUrl,
  );
  assert.deepEqual(cleanupRuns.rows, [{ later: true }]);
  assert.doesNotMatch((await fetchJson(`${proxy}/metrics`)).body, /http_request_duration_seconds/);

  // Backup and restore as docs/operations.md says, into a fresh cluster.
  log('backup and restore into a fresh cluster');
  const dump = path.join(work, 'tessera.dump');
  execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, databaseUrl]);
  const fresh = await startPrivatePostgres();
  cleanups.push(() => fresh.destroy());
  // Restored as a naive `pg_dump | psql` would, without the roles: the app refuses to serve it, in one line.
  await admin('create database naive', fresh.url);
  const naiveUrl = Object.assign(new URL(fresh.url), { pathname: '/naive' }).toString();
  try {
    execFileSync('pg_restore', ['--no-owner', `--dbname=${naiveUrl}`, dump], { stdio: 'ignore' });
  } catch {
    // It reports the policies it could not create, and restores the rest.
  }
  const naive = await startInstance('naive', await freePort(), {
    ...env,
    DATABASE_URL: naiveUrl,
    PROCESS_ROLE: 'web',
  });
  const [naiveExit] = await once(naive.child, 'exit');
  assert.equal(naiveExit, 1);
  assert.match(
    naive.output().trim(),
    /^The database cannot keep teams apart: the role tessera_tenant is missing/,
  );
  assert.equal(naive.output().trim().split('\n').length, 1, naive.output());

  const restoreSql = readFileSync(path.join(REPO, 'deploy/restore-roles.sql'), 'utf8');
  await admin('create database tessera', fresh.url);
  const restoredUrl = Object.assign(new URL(fresh.url), { pathname: '/tessera' }).toString();
  execFileSync(
    'psql',
    ['--quiet', '--set', 'ON_ERROR_STOP=1', '--set', 'app_role=postgres', `--dbname=${restoredUrl}`],
    {
      input: restoreSql,
    },
  );
  execFileSync('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${restoredUrl}`, dump]);
  const restored = await startInstance('restored', await freePort(), {
    ...env,
    DATABASE_URL: restoredUrl,
    PROCESS_ROLE: 'web',
    MIGRATE_ON_START: 'false',
  });
  await waitReady(restored);
  const base = `http://127.0.0.1:${restored.port}`;
  const again = await fetchJson(`${base}/api/auth/login`, {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  assert.equal(again.status, 200, again.body);
  const restoredAuth = {
    authorization: `Bearer ${(JSON.parse(again.body) as { access_token: string }).access_token}`,
  };
  const items = await fetchJson(`${base}/api/items/`, {
    headers: { ...restoredAuth, 'x-tenant-uuid': tenantUuid },
  });
  assert.equal(items.status, 200, items.body);
  // Another team's owner cannot read this team's items, and row-level security survived the restore.
  const strangerEmail = `stranger-${randomBytes(4).toString('hex')}@example.com`;
  const stranger = await fetchJson(`${base}/api/auth/register`, {
    method: 'POST',
    body: { email: strangerEmail, password: PASSWORD },
  });
  assert.equal(stranger.status, 201, stranger.body);
  const strangerAuth = {
    authorization: `Bearer ${(JSON.parse(stranger.body) as { access_token: string }).access_token}`,
  };
  const denied = await fetchJson(`${base}/api/items/`, {
    headers: { ...strangerAuth, 'x-tenant-uuid': tenantUuid },
  });
  assert.ok(denied.status === 403 || denied.status === 404, `another team's items: ${denied.status}`);
  const policies = await admin(
    `select count(*)::int as n from pg_policies where policyname = 'tenant_isolation'`,
    restoredUrl,
  );
  figures.policiesRestored = policies.rows[0].n;
  assert.ok(policies.rows[0].n >= 9, 'row-level security policies restored');
  await stopChild(restored.child);
}

main()
  .then(
    () => {
      log(`Cluster test passed: ${JSON.stringify(figures)}`);
      return 0;
    },
    (error: unknown) => {
      console.error(error);
      log(`Cluster test FAILED: ${JSON.stringify(figures)}`);
      return 1;
    },
  )
  .then(async (code) => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
    rmSync(work, { recursive: true, force: true });
    process.exit(code);
  });
