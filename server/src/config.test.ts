import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tessera-config-'));
const SECRET = 'x'.repeat(32);
/** What production must be given (docs/contract.md section 5). */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: SECRET,
  APP_URL: 'https://app.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  TRUST_PROXY: '1',
};

describe('loadConfig', () => {
  it('applies the docs/contract.md section 2 defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      accessTokenTtlSeconds: 900,
      mailFrom: 'no-reply@localhost',
      superAdminEmails: [],
      payments: { provider: 'local', trialDays: 0 },
      docsUrl: '/api/docs',
      trustProxy: false,
      logLevel: 'info',
      migrateOnStart: true,
      processRole: 'all',
      databasePool: { max: 10, statementTimeoutMs: 30_000 },
      shutdownDrainMs: 0,
      metricsPort: undefined,
      activityRetentionDays: 0,
    });
  });

  it('binds to every interface in production and drains for 5 s before it stops', () => {
    const config = loadConfig({ ...PRODUCTION, PORT: '8080' });
    expect(config).toMatchObject({ host: '0.0.0.0', shutdownDrainMs: 5000, trustProxy: 1 });
    expect(config.appUrl).toBe('https://app.example.com');
    expect(config.dnsServers).toBeUndefined();
    const resolvers = loadConfig({
      DATA_DIR: dataDir(),
      DNS_SERVERS: '127.0.0.1:5353, 9.9.9.9,::1,[2001:db8::1]:53',
    });
    expect(resolvers.dnsServers).toEqual(['127.0.0.1:5353', '9.9.9.9', '::1', '[2001:db8::1]:53']);
  });

  it('follows PORT in the default APP_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '8080' }).appUrl).toBe('http://localhost:8080');
  });

  it('asks an operator command in production for the secret alone', () => {
    const command = { NODE_ENV: 'production', JWT_SECRET: SECRET, DATABASE_URL: 'postgres://db/tessera' };
    expect(loadConfig(command, { for: 'command' }).databaseUrl).toBe('postgres://db/tessera');
    expect(() => loadConfig(command)).toThrow(
      /^Invalid configuration: APP_URL: required when NODE_ENV=production$/,
    );
    expect(() => loadConfig({ ...command, JWT_SECRET: '' }, { for: 'command' })).toThrow(
      /JWT_SECRET: required/,
    );
  });

  it('reads the production settings', () => {
    const config = loadConfig({
      ...PRODUCTION,
      TRUST_PROXY: 'false',
      MIGRATE_ON_START: 'false',
      PROCESS_ROLE: 'worker',
      DATABASE_POOL_MAX: '50',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      SHUTDOWN_DRAIN_SECONDS: '0.5',
      METRICS_PORT: '9100',
      ACTIVITY_RETENTION_DAYS: '90',
    });
    expect(config).toMatchObject({
      trustProxy: false,
      migrateOnStart: false,
      processRole: 'worker',
      databasePool: { max: 50, statementTimeoutMs: 0 },
      shutdownDrainMs: 500,
      metricsPort: 9100,
      activityRetentionDays: 90,
    });
  });

  it('parses lists, hop counts and empty values as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SUPER_ADMIN_EMAILS: ' Ada@Example.com, ,bob@example.com',
      TRUST_PROXY: '2',
      SMTP_URL: '',
      APP_URL: 'https://app.example.com/',
    });
    expect(config.superAdminEmails).toEqual(['ada@example.com', 'bob@example.com']);
    expect(config.trustProxy).toBe(2);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.appUrl).toBe('https://app.example.com');
  });

  it('reads TRIAL_DAYS as whole days', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRIAL_DAYS: '14' }).payments.trialDays).toBe(14);
    expect(loadConfig({ DATA_DIR: dataDir(), TRIAL_DAYS: '' }).payments.trialDays).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT: /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT: /],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /^Invalid configuration: DATABASE_URL: expected a postgres/],
    [{ PAYMENTS_PROVIDER: 'paypal' }, /^Invalid configuration: PAYMENTS_PROVIDER: /],
    [
      { PAYMENTS_PROVIDER: 'stripe' },
      /^Invalid configuration: STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe/,
    ],
    [{ TRIAL_DAYS: 'two weeks' }, /^Invalid configuration: TRIAL_DAYS: /],
    [{ TRIAL_DAYS: '-1' }, /^Invalid configuration: TRIAL_DAYS: /],
    [{ TRIAL_DAYS: '1.5' }, /^Invalid configuration: TRIAL_DAYS: /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL: /],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL: /],
    [{ STRIPE_PRICES: '{nope' }, /^Invalid configuration: STRIPE_PRICES: not valid JSON/],
    [{ STRIPE_PRICES: '{"pro":{"monthly":""}}' }, /^Invalid configuration: STRIPE_PRICES: expected/],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET: must be at least 32 bytes/],
    ...(['JWT_SECRET', 'APP_URL', 'SMTP_URL', 'TRUST_PROXY'] as const).map(
      (name) =>
        [
          { ...PRODUCTION, [name]: '' },
          new RegExp(`^Invalid configuration: ${name}: required when NODE_ENV=production$`),
        ] as const,
    ),
    [{ TRUST_PROXY: 'maybe' }, /^Invalid configuration: TRUST_PROXY: /],
    [{ MIGRATE_ON_START: 'yes' }, /^Invalid configuration: MIGRATE_ON_START: expected true or false/],
    [{ PROCESS_ROLE: 'cron' }, /^Invalid configuration: PROCESS_ROLE: /],
    [{ DATABASE_POOL_MAX: '0' }, /^Invalid configuration: DATABASE_POOL_MAX: /],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '-5' }, /^Invalid configuration: DATABASE_STATEMENT_TIMEOUT_MS: /],
    [{ SHUTDOWN_DRAIN_SECONDS: 'soon' }, /^Invalid configuration: SHUTDOWN_DRAIN_SECONDS: /],
    [{ METRICS_PORT: '99999' }, /^Invalid configuration: METRICS_PORT: /],
    [{ ACTIVITY_RETENTION_DAYS: '-1' }, /^Invalid configuration: ACTIVITY_RETENTION_DAYS: /],
    [
      { DNS_SERVERS: 'dns.example.com' },
      /^Invalid configuration: DNS_SERVERS\.0: expected comma-separated IP/,
    ],
    [{ DNS_SERVERS: '1.1.1.1:99999' }, /^Invalid configuration: DNS_SERVERS\.0: /],
    [{ DNS_SERVERS: '1.1.1.1,,8.8.8.8' }, /^Invalid configuration: DNS_SERVERS\.1: /],
    [
      { ...PRODUCTION, SSO_ENCRYPTION_KEY: 'short' },
      /^Invalid configuration: SSO_ENCRYPTION_KEY: must be at least 32 bytes long$/,
    ],
  ] as [NodeJS.ProcessEnv, RegExp][])('rejects %o with one line naming the variable', (env, message) => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
    try {
      load();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('seals SSO secrets with SSO_ENCRYPTION_KEY when set, with JWT_SECRET otherwise', () => {
    const key = 'k'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir(), SSO_ENCRYPTION_KEY: key }).ssoEncryptionKey).toBe(key);
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.ssoEncryptionKey).toBe(config.jwtSecret);
  });

  it('generates the JWT secret once outside production and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(first);
  });

  it('refuses a stored secret that is too short instead of signing with it', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'jwt-secret'), '\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
      /^Invalid configuration: JWT_SECRET: the secret stored in/,
    );
  });
});
