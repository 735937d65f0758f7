// Single sign-on for the tests that need a team with it: a real OpenID provider in this process (oidc-provider.ts),
// an app whose APP_URL it redirects to, and the browser's part of a sign-in (its cookie, the provider's login form).
import { randomBytes } from 'node:crypto';

import { expect } from 'vitest';

import { teamDomains } from '../src/db/schema/domains.ts';
import {
  buildTestApp,
  createTeam,
  inTenant,
  registerVerifiedUser,
  type TestClock,
  testConfig,
  type TestApp,
} from './helpers.ts';
import { subscribeLocally } from './local-billing.ts';
import { type OidcProvider, startOidcProvider } from './oidc-provider.ts';

export const APP_URL = 'http://app.test';
export const REDIRECT_URI = `${APP_URL}/api/auth/sso/callback`;
export const CLIENT_SECRET = 'provider-client-secret';
export const SSO_FAILED = `${APP_URL}/login?error=sso`;

/** The provider, with a second client for tokens of another audience, and the app; `close` ends both. */
export async function startSsoWorld(clock: TestClock, env: NodeJS.ProcessEnv = {}) {
  const provider = await startOidcProvider({
    clients: [
      { client_id: 'tessera', client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] },
      { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [REDIRECT_URI] },
    ],
  });
  const app = await buildTestApp({ clock, config: testConfig({ APP_URL, ...env }) });
  const close = async () => {
    await app.close();
    await provider.close();
  };
  return { provider, app, close, ...ssoBrowser(app, provider, clock) };
}

let counter = 0;
export const freshDomain = () => `corp-${randomBytes(3).toString('hex')}-${counter++}.example.org`;

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

function ssoBrowser(app: TestApp, provider: OidcProvider, clock: TestClock) {
  /** A Business team with `domain` verified (as the domains API leaves it) and the provider saved. */
  async function ssoTeam(domain = freshDomain()) {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner, `Team ${domain}`);
    await subscribeLocally(app, owner, uuid, 'business');
    await app.database.db
      .insert(teamDomains)
      .values({ tenantId: uuid, domain, txtValue: 'x', verifiedAt: clock.now() });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/sso',
      headers: inTenant(owner.access_token, uuid),
      payload: { issuer: provider.issuer, client_id: 'tessera', client_secret: CLIENT_SECRET },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { owner, uuid, domain };
  }

  /** A person at the provider: their `sub`. */
  function person(email: string, claims: { email_verified?: boolean } = {}) {
    const sub = `sub-${randomBytes(6).toString('hex')}`;
    provider.accounts.set(sub, { email, email_verified: true, ...claims });
    return sub;
  }

  /** POST /auth/sso/start in a browser: its cookie and the provider's URL. */
  async function start(email: string) {
    const started = await app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: { email } });
    expect(started.statusCode, started.body).toBe(200);
    return { cookie: cookieOf(started.headers['set-cookie']), url: started.json().redirect_url as string };
  }

  /** The provider's redirect back, delivered to the app in the browser of `cookie`: where the app sends it next. */
  async function callback(back: URL, cookie: string | undefined) {
    const answer = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: cookie ? { cookie } : {},
    });
    expect(answer.statusCode).toBe(302);
    return new URL(answer.headers.location as string);
  }

  const exchange = (code: string, cookie: string) =>
    app.inject({ method: 'POST', url: '/api/auth/sso/exchange', payload: { code }, headers: { cookie } });

  /** The whole sign-in of `sub` for `email`: the exchange's answer (or the failed landing). */
  async function signInThroughSso(email: string, sub: string) {
    const { cookie, url } = await start(email);
    const landing = await callback(await provider.signIn(url, sub), cookie);
    if (landing.pathname !== '/sso/complete') return { landing, cookie };
    return { landing, cookie, exchanged: await exchange(landing.searchParams.get('code')!, cookie) };
  }

  return { ssoTeam, person, start, callback, exchange, signInThroughSso };
}
