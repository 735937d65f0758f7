// No open redirect: every route of the server (the API, the docs, the web app and its files) is called with the
// usual redirect parameters pointing elsewhere, and a set of paths that browsers or proxies turn into another host.
// Every redirect answered is recorded; the only one is the docs' old index path, to a fixed path of this app. The
// web app's own navigations are checked in a browser (e2e/tests/redirects.spec.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  createTeam,
  registerUser,
  registerVerifiedUser,
  testConfig,
  type TestApp,
} from './helpers.ts';
import { listRoutes } from './routes.ts';

const SUPER_ADMIN = 'redirect-root@example.com';
const ORIGIN = 'http://tessera.test';
const EVIL = 'https://evil.example/';
/** The names sites use for "where to go next", each pointing elsewhere. */
const REDIRECT_PARAMS = {
  next: EVIL,
  redirect: '//evil.example/',
  redirect_uri: EVIL,
  returnTo: EVIL,
  return_to: EVIL,
  url: EVIL,
  continue: '/\\evil.example/',
};
/** Paths a browser, a proxy or a path join can turn into another host. */
const HOSTILE_PATHS = [
  '//evil.example',
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example/',
  '/%5Cevil.example/',
  '/%2F%2Fevil.example/',
  '/https://evil.example/',
  '/https:/evil.example/',
  '/login?next=https://evil.example/',
  '/assets',
  '/assets/',
  '/assets//evil.example/',
  '/api/docs',
  '/api/docs/',
  '/api/docs/static',
  '/api/docs/static/',
  '/api/docs/static/index.html/',
  '/api/docs/static/index.html?next=//evil.example/static/index.html',
  '/api/docs//evil.example/static/index.html',
];

type Redirect = { request: string; status: number; location: string };

let app: TestApp;
const redirects: Redirect[] = [];
let owner: string;
let admin: string;
let team: string;

beforeAll(async () => {
  // A built web app in miniature, so the static files and the page fallback are part of the server too.
  const webDir = mkdtempSync(path.join(tmpdir(), 'tessera-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Tessera</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  app = await buildTestApp({
    webDir,
    config: testConfig({ SUPER_ADMIN_EMAILS: SUPER_ADMIN, TRUST_PROXY: 'true', APP_URL: ORIGIN }),
  });
  const user = await registerUser(app);
  owner = user.access_token;
  team = (await createTeam(app, user)).uuid;
  admin = (await registerVerifiedUser(app, SUPER_ADMIN)).access_token;
});
afterAll(() => app.close());

/**
 * A path of this app: resolved against its origin it stays there (no `//host`, no `/\host`, no other scheme); or a
 * URL of APP_URL itself, as the contract words the landings of a single sign-on.
 */
function isInAppPath(location: string): boolean {
  const relative = location.startsWith(`${ORIGIN}/`) ? location.slice(ORIGIN.length) : location;
  return /^\/(?![/\\])/.test(relative) && new URL(relative, ORIGIN).origin === ORIGIN;
}

let client = 0;
const nextAddress = () => `10.77.${Math.floor(client / 250)}.${(client++ % 250) + 1}`;

/** Records the answer when it redirects: a Location header or a 3xx status. */
function record(request: string, response: { statusCode: number; headers: Record<string, unknown> }) {
  const { location } = response.headers;
  if (location !== undefined || (response.statusCode >= 300 && response.statusCode < 400)) {
    redirects.push({ request, status: response.statusCode, location: String(location) });
  }
}

describe('redirects', () => {
  it('every route, called with redirect parameters pointing elsewhere, redirects only to a fixed in-app path', async () => {
    const routes = listRoutes(app.printRoutes({ commonPrefix: false }))
      // Deleting the team would end the run's own fixture; it answers 204 or an error, never a redirect.
      .filter(([method, url]) => !(method === 'DELETE' && url === '/api/tenant'));
    expect(routes.length).toBeGreaterThan(40);
    for (const [method, pattern] of routes) {
      const url = pattern.replace(/:[A-Za-z_]+/g, team).replace(/\*/g, 'x');
      for (const token of [null, owner, admin]) {
        const response = await app.inject({
          method: method as 'GET',
          url,
          query: REDIRECT_PARAMS,
          headers: {
            'x-forwarded-for': nextAddress(),
            'x-forwarded-host': 'evil.example',
            referer: EVIL,
            'x-tenant-uuid': team,
            ...(token ? bearer(token) : {}),
          },
          ...(method === 'GET' ? {} : { payload: { ...REDIRECT_PARAMS } }),
        });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
        record(`${method} ${url}`, response);
      }
    }
    for (const url of HOSTILE_PATHS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url, headers: { 'x-forwarded-for': nextAddress() } });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
        record(`${method} ${url}`, response);
      }
    }

    expect(redirects.filter(({ location }) => !isInAppPath(location))).toEqual([]);
    // The whole list: a new redirect must be looked at, and added here once its target is a fixed path.
    expect(
      new Set(redirects.map(({ request, status, location }) => `${request} → ${status} ${location}`)),
    ).toEqual(
      new Set([
        'GET /api/docs/static/index.html → 302 /api/docs/',
        'GET /api/docs/static/index.html/ → 302 /api/docs/',
        'HEAD /api/docs/static/index.html/ → 302 /api/docs/',
        'GET /api/docs/static/index.html?next=//evil.example/static/index.html → 302 /api/docs/',
        'HEAD /api/docs/static/index.html?next=//evil.example/static/index.html → 302 /api/docs/',
        // A single sign-on's callback without its attempt: the one fixed landing of every failure.
        `GET /api/auth/sso/callback → 302 ${ORIGIN}/login?error=sso`,
      ]),
    );
  });

  it('a request target in absolute form does not make the docs redirect to its host', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    for (const target of [
      'http://evil.example/api/docs/static/index.html',
      'https://evil.example/api/docs/static/index.html?x=1',
      '/api/docs/static/index.html#//evil.example/',
    ]) {
      const head = await rawGet(port, target);
      expect(head, target).toMatch(/^HTTP\/1\.1 302 /);
      expect(/^location: (.*)$/im.exec(head)?.[1], target).toBe('/api/docs/');
    }
  });
});

/** The status line and headers of a GET sent as written, which inject() and fetch() would normalise. */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`),
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data.slice(0, data.indexOf('\r\n\r\n'))));
    socket.on('error', reject);
  });
}
