// buildTestApp(): the real app on a fresh, migrated database per test file, PGlite by default, or a database of its
// own on the PostgreSQL server at DATABASE_URL, so concurrent runs never collide.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import type { AuthResponse } from '@app/contract';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';

import { type AppOptions, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, fromPglite, fromPool } from '../src/db/client.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import type { MemberCaller } from '../src/lib/caller.ts';
import { totpCodeAt } from '../src/modules/auth/second-factor.ts';

/** What an authenticator app shows for a TOTP secret at a time: for tests outside the auth module. */
export { totpCodeAt };
import { runAsAdmin } from './global-setup.ts';

export type TestDatabase = Database & { drop(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  // Set by the global setup exactly when DATABASE_URL is.
  const template = inject('postgresTemplate');
  if (!template) {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = fromPglite(await PGlite.create({ loadDataDir: dump }));
    return { ...database, drop: database.close };
  }
  const databaseUrl = process.env.DATABASE_URL!;
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(databaseUrl, `create database ${name} template ${template}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = fromPool(new pg.Pool({ connectionString: url.toString() }));
  return {
    ...database,
    // From a connection of its own, so the database goes even when a test has closed the pool.
    drop: async () => {
      await database.close().catch(() => {});
      await runAsAdmin(databaseUrl, `drop database ${name} with (force)`);
    },
  };
}

export function testConfig(env: NodeJS.ProcessEnv = {}) {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tessera-test-')),
    JWT_SECRET: 'test-secret-that-is-at-least-32-bytes-long',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** A clock that moves only when told to. */
export class TestClock {
  constructor(private current = new Date('2026-06-01T12:00:00Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The newest mail queued for an address, and the token of the first app link in it (query or invitation path). */
export async function latestMailTo(app: TestApp, to: string) {
  const [mail] = await app.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const token = /[?&]token=([^\s&"<]+)|\/invitations\/([^\s/]+)\/accept/
    .exec(mail.text)
    ?.slice(1)
    .find(Boolean);
  return { ...mail, token: token && decodeURIComponent(token) };
}

/** Registers through the real endpoint and answers the auth response. */
export async function registerUser(app: TestApp, email = uniqueEmail(), password = 'correct horse battery') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...(response.json() as AuthResponse), email, password };
}

/** Registers, then opens the mailed verification link as the mailbox's owner would; answers the session it starts. */
export async function registerVerifiedUser(
  app: TestApp,
  email = uniqueEmail(),
  password = 'correct horse battery',
) {
  await registerUser(app, email, password);
  const { token } = await latestMailTo(app, email);
  const response = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  return { ...(response.json() as AuthResponse), email, password };
}

/**
 * A verified account with two-factor on: its session, TOTP secret and recovery codes. The clock then moves a step
 * (30 s) on, so the next code is of a later step than the spent one.
 */
export async function userWithTwoFactor(app: TestApp, clock: TestClock) {
  const user = await registerVerifiedUser(app);
  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(user.access_token), ...(payload && { payload }) });
  const { secret } = (await post('/api/auth/2fa/setup')).json() as { secret: string };
  const enable = await post('/api/auth/2fa/enable', { code: totpCodeAt(secret, clock.now()) });
  if (enable.statusCode !== 200) throw new Error(`2fa enable failed: ${enable.statusCode} ${enable.body}`);
  clock.advance(30_000);
  return { ...user, secret, recoveryCodes: enable.json().recovery_codes as string[] };
}

export const uniqueEmail = () => `user-${randomBytes(5).toString('hex')}@example.com`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The app on its own fresh database; close() releases both. */
export async function buildTestApp(options: Partial<AppOptions> = {}) {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(),
    database,
    webDir: null,
    checkResponses: true,
    ...options,
  });
  app.addHook('onClose', () => database.drop());
  return app;
}

/** A member caller for calling a team's service directly, as the route would after its guards. */
export const asMember = (tenantId: string, userId: string): MemberCaller => ({
  kind: 'member',
  tenantId,
  userId,
  role: 'owner',
  sessionId: randomUUID(),
  actorId: undefined,
});

export const inTenant = (token: string, tenantUuid: string) => ({
  ...bearer(token),
  'x-tenant-uuid': tenantUuid,
});

/** A team created through the API by `owner`. */
export async function createTeam(app: TestApp, owner: { access_token: string }, name = 'Acme') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tenants',
    headers: bearer(owner.access_token),
    payload: { name },
  });
  if (response.statusCode !== 201)
    throw new Error(`create team failed: ${response.statusCode} ${response.body}`);
  return response.json() as { uuid: string; name: string };
}

/** Invites `email` through the real endpoint and answers the token of the link mailed to it. */
export async function mailedInvitation(
  app: TestApp,
  admin: { access_token: string },
  tenantUuid: string,
  email: string,
  role: 'admin' | 'member' = 'member',
) {
  const invite = await app.inject({
    method: 'POST',
    url: '/api/invite',
    headers: inTenant(admin.access_token, tenantUuid),
    payload: { email, role },
  });
  if (invite.statusCode !== 201) throw new Error(`invite failed: ${invite.statusCode} ${invite.body}`);
  return (await latestMailTo(app, email)).token!;
}

/** Invites a new person as `role` and accepts from the mailed link, as they would; answers their session. */
export async function joinTeam(
  app: TestApp,
  admin: { access_token: string },
  tenantUuid: string,
  role: 'admin' | 'member',
) {
  const email = uniqueEmail();
  const token = await mailedInvitation(app, admin, tenantUuid, email, role);
  const accepted = await app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return {
    email,
    token,
    ...(accepted.json() as { access_token: string; refresh_token: string; user_uuid: string }),
  };
}
