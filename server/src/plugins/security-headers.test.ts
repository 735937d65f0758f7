// The security headers, letter for letter, on every kind of response; computed once at start (security-headers.ts),
// they must be exactly what helmet writes for the policy of docs/decisions/002.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp, testConfig } from '../../test/helpers.ts';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self';" +
  "connect-src 'self';frame-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

const HEADERS = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('the security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['an answer', 'GET', '/api/health', 200],
    ['a refusal', 'GET', '/api/auth/me', 401],
    ['an unknown path', 'GET', '/api/no-such-endpoint', 404],
    ['a bad request', 'POST', '/api/auth/login', 422],
  ])('are sent with %s', async (_kind, method, url, status) => {
    const response = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(HEADERS);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('with Google sign-in on', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      config: testConfig({ GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' }),
    });
  });
  afterAll(() => app.close());

  it('the policy allows Google Identity Services’ own paths, and no more', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self' https://accounts.google.com/gsi/client;" +
        "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style;img-src 'self' data:;" +
        "font-src 'self';connect-src 'self' https://accounts.google.com/gsi/;" +
        "frame-src 'self' https://accounts.google.com/gsi/;object-src 'none';base-uri 'self';form-action 'self';" +
        "frame-ancestors 'none'",
    );
  });
});
