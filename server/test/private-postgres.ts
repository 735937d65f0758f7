// A PostgreSQL cluster of a test's own, for faults that stop the database: the shared server at DATABASE_URL serves
// other test files at the same time and must never be stopped. initdb into a temporary directory, a free port, the
// unix socket in that directory; stop and start as often as the test likes; destroy() removes every trace.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const SERVER_PROGRAMS = ['initdb', 'pg_ctl', 'postgres'];

/**
 * The bin directory of the newest PostgreSQL server installed (Debian's /usr/lib/postgresql/<version>/bin), or
 * POSTGRES_BIN_DIR; undefined when there is none, and tests that need one skip.
 */
export function postgresBinDir(): string | undefined {
  const candidates = process.env.POSTGRES_BIN_DIR
    ? [process.env.POSTGRES_BIN_DIR]
    : listVersions('/usr/lib/postgresql').map((version) => `/usr/lib/postgresql/${version}/bin`);
  return candidates.find((dir) => SERVER_PROGRAMS.every((program) => existsSync(path.join(dir, program))));
}

function listVersions(root: string) {
  try {
    return readdirSync(root)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    return [];
  }
}

export type PrivatePostgres = {
  port: number;
  /** The superuser's connection URL over TCP, to the `postgres` database. */
  url: string;
  /** Stops the server; `immediate` is a crash as far as clients can tell (no checkpoint, connections cut). */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /** Starts it again on the same port and data, returning once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server if it runs and removes its directory. Safe to call twice and after a failed start. */
  destroy(): Promise<void>;
  /** The server's log, for a failure message. */
  log(): string;
};

export async function startPrivatePostgres(binDir = postgresBinDir()): Promise<PrivatePostgres> {
  if (!binDir) throw new Error('No PostgreSQL server binaries (initdb, pg_ctl, postgres) found');
  // PostgreSQL refuses to run as root: as root (CI, containers) it runs as the postgres user, which owns the dir.
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userIds('postgres') : undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const program = (name: string, args: string[]) =>
    asRoot
      ? (['runuser', ['-u', 'postgres', '--', path.join(binDir, name), ...args]] as const)
      : ([path.join(binDir, name), args] as const);
  const exec = (name: string, args: string[]) => {
    const [file, fileArgs] = program(name, args);
    return execFileAsync(file, [...fileArgs], { timeout: 60_000 });
  };
  let port = 0;
  let running = false;
  const pgCtl = (args: string[]) => exec('pg_ctl', ['-D', dataDir, '-w', '-t', '30', ...args]);
  const start = async () => {
    // The socket lives in the private directory, so no other cluster's /var/run/postgresql is touched.
    // fsync off: these tests are about availability, and the OS does not crash under them; it spares a shared disk.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
    await pgCtl(['-l', logFile, '-o', options, 'start']);
    running = true;
  };
  // Stops the cluster even when the test process exits without its cleanup (an interrupted run).
  const onExit = () => {
    if (!running) return;
    const [file, fileArgs] = program('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    try {
      execFileSync(file, [...fileArgs], { stdio: 'ignore', timeout: 10_000 });
    } catch {
      // Nothing more can be done while exiting.
    }
  };
  process.once('exit', onExit);

  const destroy = async () => {
    process.removeListener('exit', onExit);
    if (running) {
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => {});
      running = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    // Another program may take a free port between the probe and the bind: try a few.
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      try {
        await start();
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    await destroy();
    throw new Error(`private PostgreSQL did not start: ${String(error)}\n${log}`, { cause: error });
  }

  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop(mode = 'immediate') {
      await pgCtl(['-m', mode, 'stop']);
      running = false;
    },
    start,
    destroy,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
}

function userIds(name: string) {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`Running as root needs the OS user ${name} to run PostgreSQL`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
