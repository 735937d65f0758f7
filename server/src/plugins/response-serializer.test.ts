import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';

import { buildTestApp } from '../../test/helpers.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
const Account = z.object({ uuid: z.uuid(), email: z.string(), nickname: z.string().nullable() });
let sent: Record<string, unknown> = {};

beforeAll(async () => {
  app = await buildTestApp();
  // A route of this test only: it answers whatever the test puts in `sent`, declared as Account.
  app.get('/api/account', { schema: { response: { 200: Account } } }, () => sent as z.infer<typeof Account>);
});
afterAll(() => app.close());

it('writes only the fields the response schema declares', async () => {
  const account = { uuid: crypto.randomUUID(), email: 'ada@example.com', nickname: null };
  sent = { ...account, password_hash: '$argon2id$secret', is_super_admin: true };
  const response = await app.inject({ method: 'GET', url: '/api/account' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual(account);
  expect(response.body).not.toContain('argon2');
});

it('refuses a response that lacks a required field, with a 500 {detail}', async () => {
  sent = { uuid: crypto.randomUUID(), nickname: 'Ada' };
  const response = await app.inject({ method: 'GET', url: '/api/account' });
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ detail: 'Internal Server Error' });
});
