import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { bearer, buildTestApp, registerUser } from '../../test/helpers.ts';
import { plans } from '../db/schema/billing.ts';

describe('the serializer, as production runs it (no value-by-value check)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const Account = z.object({ uuid: z.uuid(), email: z.string(), nickname: z.string().nullable() });
  let sent: Record<string, unknown> = {};
  const logged: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp({
      checkResponses: false,
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
    });
    // A route of this test only: it answers whatever the test puts in `sent`, declared as Account.
    app.get(
      '/test-only/account',
      { schema: { response: { 200: Account } } },
      () => sent as z.infer<typeof Account>,
    );
  });
  afterAll(() => app.close());

  it('writes only the fields the response schema declares', async () => {
    const account = { uuid: crypto.randomUUID(), email: 'ada@example.com', nickname: null };
    sent = { ...account, password_hash: '$argon2id$secret', is_super_admin: true };
    const response = await app.inject({ method: 'GET', url: '/test-only/account' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(account);
    expect(response.body).not.toContain('argon2');
  });

  it('refuses a response that lacks a required field, with a 500 {detail}', async () => {
    sent = { uuid: crypto.randomUUID(), nickname: 'Ada' };
    const response = await app.inject({ method: 'GET', url: '/test-only/account' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal Server Error', code: 'internal' });
    // fast-json-stringify's own refusal, not a zod check.
    expect(logged.map((line) => JSON.parse(line).err?.message).join()).toContain('"email" is required');
  });
});

describe('the server tests', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it("parse every response of the app's own routes with the route's contract schema", async () => {
    // A plan whose features are not strings: fast-json-stringify would write them as strings; the check refuses.
    await app.database.db.insert(plans).values({
      id: 'broken',
      name: 'Broken',
      description: 'Features of the wrong type',
      currency: 'usd',
      priceMonthly: 100,
      priceAnnual: 600,
      features: [1, 2] as unknown as string[],
    });
    const { access_token } = await registerUser(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/payments/plans',
      headers: bearer(access_token),
    });
    expect(response.statusCode).toBe(500);
  });
});
