// The only reader of process.env: parses every variable of docs/contract.md section 2 once, with defaults.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

import { BILLING_PROVIDERS } from '@app/contract/constants';
import { z } from 'zod';

import { createFileExclusively } from './lib/atomic-file.ts';

/** A configuration problem, reported as one line naming the variable before start-up stops. */
export class ConfigError extends Error {}

const MIN_SECRET_BYTES = 32;

// `FOO=` means "unset", as in t3's emptyStringAsUndefined.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

const flag = z
  .enum(['true', 'false'], { error: 'expected true or false' })
  .transform((value) => value === 'true');

/**
 * What a serving instance in production cannot guess: without them mail links point to localhost, mail never leaves,
 * and behind a proxy every user shares the proxy's address and so one rate limit (docs/contract.md section 5). An
 * operator command needs only the secret.
 */
const REQUIRED_IN_PRODUCTION = {
  serving: ['JWT_SECRET', 'APP_URL', 'SMTP_URL', 'TRUST_PROXY'],
  command: ['JWT_SECRET'],
} as const;

export const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/**
 * What an instance of each PROCESS_ROLE does (docs/contract.md section 5), read by buildApp (which routes it mounts)
 * and the jobs plugin (whether the background jobs run). Every role serves the health endpoints; the API includes its
 * docs, the dev mailbox and the web app.
 */
export const ROLE_DUTIES = {
  all: { servesApi: true, runsJobs: true },
  web: { servesApi: true, runsJobs: false },
  worker: { servesApi: false, runsJobs: true },
} as const satisfies Record<ProcessRole, { servesApi: boolean; runsJobs: boolean }>;

const EnvSchema = z
  .object({
    NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
    PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
    HOST: optional(z.string()),
    APP_URL: optional(httpUrl),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// URL' })),
    DATA_DIR: optional(z.string()).default('./data'),
    JWT_SECRET: optional(z.string()),
    SSO_ENCRYPTION_KEY: optional(z.string()),
    ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().positive()).default(900),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' })),
    MAIL_FROM: optional(z.string()).default('no-reply@localhost'),
    SUPER_ADMIN_EMAILS: optional(z.string()).default(''),
    PAYMENTS_PROVIDER: optional(z.enum(BILLING_PROVIDERS)).default('local'),
    STRIPE_SECRET_KEY: optional(z.string()),
    STRIPE_WEBHOOK_SECRET: optional(z.string()),
    STRIPE_API_URL: optional(httpUrl),
    STRIPE_PRICES: optional(z.string()),
    // Stripe refuses a trial longer than 730 days.
    TRIAL_DAYS: optional(z.coerce.number().int().min(0).max(730)).default(0),
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_JWKS_URL: optional(httpUrl).default('https://www.googleapis.com/oauth2/v3/certs'),
    DOCS_URL: optional(z.string()).default('/api/docs'),
    CODEBASE_URL: optional(z.string()).default('https://github.com/tessera-app/tessera'),
    REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'expected a redis:// URL' })),
    // No default here: production must say it (REQUIRED_IN_PRODUCTION); elsewhere unset means false.
    TRUST_PROXY: optional(z.union([flag, z.coerce.number().int().min(0)])),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default(
      'info',
    ),
    MIGRATE_ON_START: optional(flag).default(true),
    PROCESS_ROLE: optional(z.enum(PROCESS_ROLES)).default('all'),
    DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(1000)).default(10),
    DATABASE_STATEMENT_TIMEOUT_MS: optional(z.coerce.number().int().min(0)).default(30_000),
    SHUTDOWN_DRAIN_SECONDS: optional(z.coerce.number().min(0).max(3600)),
    METRICS_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    METRICS_HOST: optional(z.string()).default('127.0.0.1'),
    ACTIVITY_RETENTION_DAYS: optional(z.coerce.number().int().min(0)).default(0),
    WEBHOOK_RETRY_BASE_SECONDS: optional(z.coerce.number().min(0).max(86_400)).default(30),
    BILLING_RETRY_BASE_SECONDS: optional(z.coerce.number().min(0).max(3600)).default(30),
    DNS_SERVERS: optional(
      z
        .string()
        .transform((list) => list.split(',').map((server) => server.trim()))
        .pipe(
          z.array(
            z
              .string()
              .refine(isDnsServer, 'expected comma-separated IP addresses, each with an optional :port'),
          ),
        ),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENTS_PROVIDER !== 'stripe') return;
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENTS_PROVIDER=stripe' });
    }
  });

const StripePricesSchema = z.record(
  z.string(),
  z.object({ monthly: z.string().min(1), annual: z.string().min(1) }),
);

export type Config = ReturnType<typeof loadConfig>;

/**
 * Parses the environment; throws ConfigError with one line naming the first bad variable. `for: 'command'` is an
 * operator command's (npm run migrate, the CLI), which serves nothing.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { for: use = 'serving' }: { for?: keyof typeof REQUIRED_IN_PRODUCTION } = {},
) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw configError(parsed.error.issues[0]!);
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const missing = REQUIRED_IN_PRODUCTION[use].find((key) => e[key] === undefined);
    if (missing) throw configError({ path: [missing], message: 'required when NODE_ENV=production' });
  }
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (
    isProduction &&
    e.SSO_ENCRYPTION_KEY !== undefined &&
    Buffer.byteLength(e.SSO_ENCRYPTION_KEY) < MIN_SECRET_BYTES
  ) {
    throw new ConfigError(
      `Invalid configuration: SSO_ENCRYPTION_KEY: must be at least ${MIN_SECRET_BYTES} bytes long`,
    );
  }
  const jwtSecret = resolveJwtSecret(e.JWT_SECRET, dataDir);

  return {
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret,
    /** Seals the teams' SSO client secrets; derived from JWT_SECRET when unset (a key of its own per purpose). */
    ssoEncryptionKey: e.SSO_ENCRYPTION_KEY ?? jwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    superAdminEmails: e.SUPER_ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    payments: {
      provider: e.PAYMENTS_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
      stripePrices: e.STRIPE_PRICES ? parseJson('STRIPE_PRICES', e.STRIPE_PRICES, StripePricesSchema) : {},
      trialDays: e.TRIAL_DAYS,
      /** The first wait before a seat change a provider refused is sent again (doubling, at most an hour). */
      retryBaseMs: e.BILLING_RETRY_BASE_SECONDS * 1000,
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    docsUrl: e.DOCS_URL,
    codebaseUrl: e.CODEBASE_URL,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    migrateOnStart: e.MIGRATE_ON_START,
    processRole: e.PROCESS_ROLE,
    duties: ROLE_DUTIES[e.PROCESS_ROLE] as { servesApi: boolean; runsJobs: boolean },
    databasePool: { max: e.DATABASE_POOL_MAX, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    // A proxy needs a moment to see that an instance is no longer ready before it stops taking requests.
    shutdownDrainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (isProduction ? 5 : 0)) * 1000,
    metricsPort: e.METRICS_PORT,
    // Loopback even where HOST is every interface: the figures are for the operator's scraper, not the internet.
    metricsHost: e.METRICS_HOST,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_SECONDS * 1000,
    /** Resolvers for domain verification, as node:dns's setServers takes them; undefined: the system's. */
    dnsServers: e.DNS_SERVERS,
  };
}

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`: what node:dns's setServers accepts (an address, not a name). */
function isDnsServer(server: string): boolean {
  if (isIP(server) === 6) return true;
  const match = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server) ?? /^([^:[\]]+)(?::(\d{1,5}))?$/.exec(server);
  return match !== null && isIP(match[1]!) !== 0 && Number(match[2] ?? 0) <= 65535;
}

const configError = (issue: { path: PropertyKey[]; message: string }) =>
  new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);

function parseJson<T>(name: string, raw: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ConfigError(`Invalid configuration: ${name}: not valid JSON`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ConfigError(
      `Invalid configuration: ${name}: expected {"<plan_id>":{"monthly":"price_...","annual":"price_..."}}`,
    );
  }
  return result.data;
}

/**
 * Production must be given a strong secret (REQUIRED_IN_PRODUCTION). Elsewhere one is generated on first start and
 * kept in DATA_DIR, so tokens survive restarts without any setup.
 */
function resolveJwtSecret(given: string | undefined, dataDir: string): string {
  if (given !== undefined) {
    if (Buffer.byteLength(given) < MIN_SECRET_BYTES) {
      throw new ConfigError(
        `Invalid configuration: JWT_SECRET: must be at least ${MIN_SECRET_BYTES} bytes long`,
      );
    }
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // A concurrent first start may win this; then its secret is the one read below.
    createFileExclusively(file, randomBytes(48).toString('base64url'));
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(stored) < MIN_SECRET_BYTES) {
    throw new ConfigError(
      `Invalid configuration: JWT_SECRET: the secret stored in ${file} is too short; delete it`,
    );
  }
  return stored;
}
