import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp } from '../../test/helpers.ts';

const INDEX = '<!doctype html><html lang="en"><title>Tessera</title><div id="root"></div></html>';
const SCRIPT = 'export const greeting = () => console.log("hello");\n'.repeat(40);
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'tessera-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  // As the build leaves it (web/precompress.ts): a .br and a .gz beside each file that compresses; none for the icon.
  const write = (file: string, content: string, compressed = true) => {
    writeFileSync(path.join(webDir, file), content);
    if (!compressed) return;
    writeFileSync(path.join(webDir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDir, `${file}.gz`), gzipSync(content, { level: 9 }));
  };
  write('index.html', INDEX);
  write('assets/index-3f9a1c.js', SCRIPT);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  app = await buildTestApp({ webDir });
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('serving the web app', () => {
  it.each(['/', '/dashboard', '/tenants/invitations/abc/accept', '/admin/tenants/42?tab=users'])(
    'answers the deep link %s with index.html, revalidated on every load',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('caches hashed assets for a year as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files that are not hashed', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-0ld.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('never serves the compressed copies as files of their own', async () => {
    for (const url of ['/assets/index-3f9a1c.js.br', '/assets/index-3f9a1c.js.gz']) {
      expect((await get(url, 'br')).statusCode, url).toBe(404);
    }
  });

  it('never answers an API path with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: 'Not found: GET /api/dashboard',
      code: 'unknown_path',
      params: { method: 'GET', path: '/api/dashboard' },
    });
  });

  it('sends the security headers and a CSP that allows no inline or foreign script', async () => {
    const response = await app.inject({ method: 'GET', url: '/dashboard' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});

describe('sending the files compressed at build', () => {
  const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
  ] as const)('answers Accept-Encoding %s with the %s copy of a hashed asset', async (accept, encoding) => {
    const response = await get('/assets/index-3f9a1c.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(decoders[encoding](response.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the plain file, still varying by Accept-Encoding, to a client that accepts neither', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const response = await get('/assets/index-3f9a1c.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it.each(['/', '/dashboard', '/index.html'])(
    'sends the page at %s compressed and revalidated',
    async (url) => {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(INDEX);
    },
  );

  it('answers HEAD with the headers of the copy GET would send, and no body', async () => {
    for (const url of ['/assets/index-3f9a1c.js', '/dashboard']) {
      const [head, body] = await Promise.all([get(url, 'br', 'HEAD'), get(url, 'br')]);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-encoding'], url).toBe('br');
      expect(head.headers['content-length'], url).toBe(body.headers['content-length']);
      expect(head.headers.vary, url).toMatch(/accept-encoding/i);
      expect(head.rawPayload.length, url).toBe(0);
    }
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get('/favicon.svg', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('answers a missing hashed asset with 404 whatever the encoding', async () => {
    const response = await get('/assets/index-0ld.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
