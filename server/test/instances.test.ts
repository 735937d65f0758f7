// Several instances as one: two app processes on one PostgreSQL with Redis accept each other's tokens,
// share the rate limits, deliver each queued mail exactly once and apply each Stripe event once. Needs PostgreSQL (PGlite is one process's own
// database), so it runs in the PostgreSQL pass of the suite: DATABASE_URL=... npx vitest run --project server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Started, start, stop, until } from './app-process.ts';
import { runAsAdmin } from './global-setup.ts';
import { type LocalSmtpServer, startLocalSmtpServer } from './local-smtp-server.ts';
import { PRICES, WEBHOOK_SECRET, orphanSubscriptionEvent, signatureOf } from './stripe-events.ts';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.ts';

const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('two instances on one PostgreSQL and Redis', () => {
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  let smtp: LocalSmtpServer;
  let stripe: StripeStandIn;
  let instances: Started[] = [];

  const admin = (statement: string) => runAsAdmin(adminUrl!, statement);

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    smtp = await startLocalSmtpServer();
    stripe = await startStripeStandIn();
    const env = {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_tessera',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICES: JSON.stringify(PRICES),
      DATABASE_URL: url.toString(),
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JWT_SECRET: 'shared-secret-of-both-instances-32-bytes-at-least',
      TRUST_PROXY: 'true',
    };
    // Started together: the migration lock lets one migrate while the other waits.
    instances = await Promise.all([
      start({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tessera-a-')) }),
      start({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tessera-b-')) }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(instances.map(stop));
    await smtp?.close();
    await stripe?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  /** A client address of its own per test, so rate limits counted in the shared Redis do not mix. */
  const address = () => `10.${randomBytes(3).join('.')}`;

  const post = (instance: Started, url: string, body: object, ip: string) =>
    fetch(`${instance.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });

  it('accepts on one instance the tokens issued by the other', async () => {
    const [a, b] = instances as [Started, Started];
    const email = `both-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await post(
      a,
      '/api/auth/register',
      { email, password: 'correct horse battery' },
      address(),
    );
    expect(registered.status).toBe(201);
    const { access_token, refresh_token } = (await registered.json()) as {
      access_token: string;
      refresh_token: string;
    };

    const me = await fetch(`${b.url}/api/auth/me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);

    const refreshed = await post(b, '/api/auth/refresh', { refresh_token }, address());
    expect(refreshed.status).toBe(200);
    // Single use across instances too: A refuses what B already spent.
    expect((await post(a, '/api/auth/refresh', { refresh_token }, address())).status).toBe(401);
  });

  it('counts one rate limit across both instances', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const instance = instances[i % 2]!;
      const response = await post(
        instance,
        '/api/auth/login',
        { email: `nobody-${i}@example.com`, password: 'wrong password' },
        ip,
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('counts one email’s failed logins across both instances, atomically, even in a parallel burst', async () => {
    const email = `burst-${randomBytes(4).toString('hex')}@example.com`;
    await post(instances[0]!, '/api/auth/register', { email, password: 'the right password' }, address());
    // 40 guesses at once, split over both instances, each from its own address: Redis holds the one counter.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(instances[i % 2]!, '/api/auth/login', { email, password: `guess ${i}` }, address()).then(
          (response) => response.status,
        ),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it('delivers each queued mail exactly once though both workers poll the outbox', async () => {
    const before = smtp.received.length;
    const emails = Array.from(
      { length: 12 },
      (_, i) => `mail-${i}-${randomBytes(3).toString('hex')}@example.com`,
    );
    await Promise.all(
      emails.map((email, i) =>
        post(
          instances[i % 2]!,
          '/api/auth/register',
          { email, password: 'correct horse battery' },
          address(),
        ),
      ),
    );
    const ours = () =>
      smtp.received
        .slice(before)
        .flatMap((mail) => mail.envelopeTo)
        .filter((to) => emails.includes(to));
    await until(() => ours().length >= emails.length, 'every mail delivered');
    // Give a duplicate every chance to arrive before counting (mail of earlier tests may still be arriving).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(ours().sort()).toEqual([...emails].sort());
  });

  it('applies a Stripe event once though both instances receive it, several times, at once', async () => {
    const { payload, cancellations } = orphanSubscriptionEvent(stripe);
    const deliveries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${instances[i % 2]!.url}/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signatureOf(payload) },
          body: payload,
        }),
      ),
    );
    expect(deliveries.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(cancellations()).toBe(1);
  });
});
