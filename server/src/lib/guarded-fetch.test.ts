// The fetch of addresses a team typed (its SSO provider's): in production https and public addresses only, a name's
// checked at connect and an address written out before it; everywhere no redirect followed, a size cap, a time limit.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createGuardedFetch } from './guarded-fetch.ts';

let server: http.Server;
let base: string;
let connections = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/redirect') response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    else if (request.url === '/big') response.end('x'.repeat(100_000));
    else if (request.url === '/silent')
      return; // never answers
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const open = createGuardedFetch({
  publicOnly: false,
  resolve: async () => ['127.0.0.1'],
  timeoutMs: 500,
  maxBytes: 64 * 1024,
});

describe('the guarded fetch', () => {
  it('answers what it read', async () => {
    const answer = await open(`${base}/`, {});
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('never follows a redirect: the 3xx is the answer', async () => {
    const answer = await open(`${base}/redirect`, {});
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('http://169.254.169.254/');
  });

  it('stops reading past its cap, and when no answer comes in time', async () => {
    await expect(open(`${base}/big`, {})).rejects.toThrow(/larger than 65536 bytes/);
    await expect(open(`${base}/silent`, {})).rejects.toThrow(/no answer within/);
  });

  it('in production, refuses http, private and loopback addresses written out, and names that resolve to them', async () => {
    const production = createGuardedFetch({
      publicOnly: true,
      resolve: async (name) => (name === 'intranet.example' ? ['127.0.0.1'] : ['10.0.0.7']),
      timeoutMs: 500,
      maxBytes: 64 * 1024,
    });
    const port = (server.address() as AddressInfo).port;
    const before = connections;
    // Our server listens on this port: a connection to it would be counted, refused or not.
    for (const url of [
      `${base}/`,
      `https://127.0.0.1:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      `https://intranet.example:${port}/`,
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3:8443/',
    ]) {
      await expect(production(url, {}), url).rejects.toThrow();
    }
    expect(connections).toBe(before);
  });
});
