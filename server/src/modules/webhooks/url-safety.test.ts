// Server-side request forgery: in production a webhook URL must be https and every address its host resolves to
// public, when the endpoint is saved and again when a delivery connects (a name may resolve elsewhere by then).
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createTeam,
  inTenant,
  registerVerifiedUser,
  testConfig,
  type TestApp,
} from '../../../test/helpers.ts';
import { startReceiver } from '../../../test/webhook-receiver.ts';
import { isPublicAddress, NOT_PUBLIC } from '../../lib/url-safety.ts';

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::7f00:1', false],
    ['::5db8:d822', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('webhook URLs in production', () => {
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let token: string;
  let team: string;
  // DNS, as the test says: what each name resolves to now.
  const dns = new Map<string, string[]>([
    ['hooks.example.com', ['93.184.216.34']],
    ['localhost', ['127.0.0.1', '::1']],
    ['internal.example.com', ['10.0.0.7']],
    ['mixed.example.com', ['93.184.216.34', '192.168.1.1']],
    ['rebind.example.com', ['93.184.216.34']],
  ]);

  beforeAll(async () => {
    app = await buildTestApp({
      config: testConfig({
        NODE_ENV: 'production',
        APP_URL: 'https://app.example.com',
        SMTP_URL: 'smtp://127.0.0.1:1',
        TRUST_PROXY: 'false',
        PROCESS_ROLE: 'web',
      }),
      webhooks: { resolve: async (name) => dns.get(name) ?? [] },
    });
    receiver = await startReceiver();
    const owner = await registerVerifiedUser(app);
    token = owner.access_token;
    team = (await createTeam(app, owner)).uuid;
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  const create = (url: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: inTenant(token, team),
      payload: { url, events: ['item.created'] },
    });

  it.each([
    'http://hooks.example.com/hook',
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[fd00::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::127.0.0.1]/hook',
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://localhost/hook',
    'https://internal.example.com/hook',
    'https://mixed.example.com/hook',
    'https://unknown.example.com/hook',
  ])('refuses %s, and saves nothing', async (url) => {
    const response = await create(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: NOT_PUBLIC, code: 'webhook_url_refused' });
    const listed = await app.inject({ url: '/api/webhooks', headers: inTenant(token, team) });
    expect((listed.json() as { url: string }[]).map((endpoint) => endpoint.url)).not.toContain(url);
  });

  it('takes a public https URL, and refuses to change it to a private one', async () => {
    const created = await create('https://hooks.example.com/hook');
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      headers: inTenant(token, team),
      payload: { url: 'https://internal.example.com/hook' },
    });
    expect(patched.statusCode).toBe(400);
    const listed = await app.inject({ url: '/api/webhooks', headers: inTenant(token, team) });
    expect(listed.json().find((endpoint: { id: string }) => endpoint.id === id).url).toBe(
      'https://hooks.example.com/hook',
    );
  });

  it('checks again when it sends: a name that now resolves to this machine is not connected to', async () => {
    const created = await create(`https://rebind.example.com:${receiver.port}/${randomUUID()}`);
    expect(created.statusCode, created.body).toBe(201);
    dns.set('rebind.example.com', ['127.0.0.1']);
    await app.inject({
      method: 'POST',
      url: '/api/items/',
      headers: inTenant(token, team),
      payload: { name: 'x' },
    });
    await app.webhooks.drain();

    expect(receiver.connections()).toBe(0);
    const deliveries = await app.inject({
      url: `/api/webhooks/${created.json().id}/deliveries`,
      headers: inTenant(token, team),
    });
    expect(deliveries.json()).toEqual([
      expect.objectContaining({
        event: 'item.created',
        status: 'pending',
        attempts: 1,
        response_status: null,
      }),
    ]);
  });
});
