// Start-up failures an operator can fix, as one line naming the cause and the variable to change (docs/contract.md section 2).
// Anything not recognised here answers undefined, and main prints it with its stack: nothing unexpected is hidden.
import { ConfigError } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { SchemaBehindError } from './db/migrate.ts';

/** What start-up was doing when it failed: the same error code means different things in different steps. */
export type StartupStage = 'config' | 'database' | 'app' | 'listen';

export type StartupContext = {
  stage: StartupStage;
  /** The parsed configuration, once it parsed. */
  config?: { databaseUrl?: string | undefined; host: string; port: number } | undefined;
};

type CodedError = Error & {
  code?: unknown;
  port?: unknown;
  address?: unknown;
  hostname?: unknown;
  errors?: unknown;
};

/** One line for a start-up failure an operator can fix, or undefined for anything else. */
export function startupErrorMessage(error: unknown, context: StartupContext): string | undefined {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof SchemaBehindError
  )
    return error.message;
  const { stage, config } = context;
  if (!config) return undefined;
  if (stage === 'database' && config.databaseUrl) return databaseMessage(error, config.databaseUrl);
  if (stage === 'listen') return listenMessage(error, config.host, config.port);
  return undefined;
}

function databaseMessage(error: unknown, databaseUrl: string): string | undefined {
  const target = describeDatabaseUrl(databaseUrl);
  const where = `${target.host}:${target.port}/${target.database}`;
  const role = target.role ? `"${target.role}"` : '(the default user)';
  const unreachable = (why: string) => `Cannot reach the database at ${where} (${why}): check DATABASE_URL`;

  for (const cause of causes(error)) {
    const code = typeof cause.code === 'string' ? cause.code : undefined;
    const said = oneLine(cause.message);
    switch (code) {
      case 'ECONNREFUSED':
        return unreachable('connection refused');
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return unreachable(`host ${target.host} not found`);
      case 'ETIMEDOUT':
        return unreachable('connection timed out');
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return unreachable('host unreachable');
      case '28P01':
        return `The database at ${where} refused the password of role ${role}: check DATABASE_URL`;
      case '28000':
        return `The database at ${where} refused the login of role ${role} (${said}): check DATABASE_URL`;
      case '3D000':
        return `Database "${target.database}" does not exist on the server at ${target.host}:${target.port}: check DATABASE_URL, or create the database`;
      case '53300':
        return `The database at ${where} accepts no more connections (${said}): check DATABASE_URL and the server's max_connections`;
      case '57P03':
        return `The database at ${where} is not accepting connections yet (${said}): check DATABASE_URL, or start again once it is up`;
      case '42501':
        // The migration's own message about tessera_tenant says exactly what an administrator must run.
        if (said.includes('tessera_tenant'))
          return `Cannot migrate the database at ${where} as DATABASE_URL's role ${role}: ${said}`;
        return (
          `Cannot migrate the database at ${where} as DATABASE_URL's role ${role} (${said}): ` +
          `the role must own the database (an administrator runs ALTER DATABASE ${quoteIdent(target.database)} ` +
          `OWNER TO ${target.role ? quoteIdent(target.role) : '<role>'}) and be a member of tessera_tenant ` +
          '(docs/decisions/006), or set DATABASE_URL to a role that is'
        );
    }
    // node-postgres reports its connection timeouts without a code. (drizzle's wrapper quotes SQL: not read.)
    if ('query' in cause) continue;
    if (/connection timeout|timeout exceeded when trying to connect/i.test(said))
      return unreachable('connection timed out');
    if (/does not support SSL/i.test(said))
      return `The database at ${where} does not support SSL connections: check sslmode in DATABASE_URL`;
  }
  return undefined;
}

function listenMessage(error: unknown, host: string, configuredPort: number): string | undefined {
  for (const cause of causes(error)) {
    const port = typeof cause.port === 'number' ? cause.port : configuredPort;
    switch (cause.code) {
      case 'EADDRINUSE':
        return `Port ${port} is already in use on ${host}: set PORT (or HOST) to a free one`;
      case 'EACCES':
        return `Not allowed to listen on port ${port} on ${host} (ports below 1024 need privileges): set PORT to a free one above 1023`;
      case 'EADDRNOTAVAIL':
        return `Cannot listen on ${host}: it is not an address of this machine: set HOST`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `Cannot listen on ${host}: the host name does not resolve: set HOST`;
    }
  }
  return undefined;
}

/** The error, what it wraps (drizzle puts the database's error in `cause`), and the attempts of an AggregateError. */
function causes(error: unknown): CodedError[] {
  const found: CodedError[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!(value instanceof Error) || depth > 5 || found.includes(value)) return;
    found.push(value);
    const { errors } = value as CodedError;
    if (Array.isArray(errors)) for (const each of errors) visit(each, depth + 1);
    visit(value.cause, depth + 1);
  };
  visit(error, 0);
  return found;
}

/** Host, port, database and user of DATABASE_URL; never its password. */
function describeDatabaseUrl(databaseUrl: string) {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return { host: 'DATABASE_URL', port: '', database: '', role: '' };
  }
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const role = decode(url.username);
  return {
    // A unix socket is named by ?host=/path, with no host in the authority.
    host: url.hostname || url.searchParams.get('host') || 'localhost',
    port: url.port || '5432',
    database: decode(url.pathname.replace(/^\//, '')) || role || 'postgres',
    role,
  };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const quoteIdent = (name: string) =>
  /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
