import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp } from '../../test/helpers.ts';

const INDEX = '<!doctype html><html lang="en"><title>Tessera</title><div id="root"></div></html>';
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'tessera-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildTestApp({ webDir });
});
afterAll(() => app.close());

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

  it('never answers an API path with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found: GET /api/dashboard' });
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
