// API responses of 1 KB or more come compressed to a client that accepts br or gzip, and decompress to the very
// JSON an identity client gets; small answers, 204s and PDFs go out as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import type { Invoice } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, createTeam, inTenant, registerUser, type TestApp } from '../../test/helpers.ts';
import { subscribeLocally } from '../../test/local-billing.ts';

let app: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  const owner = await registerUser(app);
  const team = await createTeam(app, owner);
  headers = inTenant(owner.access_token, team.uuid);
  for (let number = 1; number <= 12; number++) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/items/',
      headers,
      payload: { name: `Item ${number}`, description: `The description of item ${number}. `.repeat(3) },
    });
    expect(created.statusCode).toBe(201);
  }
  await subscribeLocally(app, owner, team.uuid);
});
afterAll(() => app.close());

const list = (acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/items/?limit=10',
    headers: acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding },
  });

describe('compressing API responses', () => {
  it('sends a list over 1 KB as is to a client that accepts no encoding', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveLength(10);
  });

  it.each([
    ['gzip', 'gzip', gunzipSync],
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['deflate, gzip;q=0.5', 'gzip', gunzipSync],
  ])(
    'answers Accept-Encoding %s with %s, decompressing to the same JSON',
    async (accept, encoding, decode) => {
      const plain = await list();
      const response = await list(accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toBe(plain.headers['content-type']);
      // The page's cursor survives, and the length is that of the bytes sent.
      expect(response.headers['x-next-cursor']).toEqual(expect.any(String));
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    },
  );

  it('leaves a response under 1 KB alone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/items/?limit=1',
      headers: { ...headers, 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveLength(1);
  });

  it('answers a delete with an empty 204', async () => {
    const [item] = (await list()).json() as { uuid: string }[];
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/items/${item!.uuid}`,
      headers: { ...headers, 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(0);
  });

  it('sends an invoice PDF as it is', async () => {
    const [invoice] = (
      await app.inject({ method: 'GET', url: '/api/payments/invoices', headers })
    ).json() as Invoice[];
    const link = await app.inject({
      method: 'GET',
      url: `/api/payments/invoices/${invoice!.id}/download`,
      headers,
    });
    const { download_url } = link.json() as { download_url: string };
    const response = await app.inject({
      method: 'GET',
      url: download_url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
