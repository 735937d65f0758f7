// A real OpenID provider for the tests: oidc-provider (OpenID certified) in this process, with its own keys, clients
// and accounts, and its development login page (any password; the login names the account). It sits behind a small
// proxy of ours that can swap what one endpoint answers, so a test can hand the app a token the provider signed for
// another client, or keys that did not sign it: the attacks the app must refuse.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

export type OidcAccount = { email?: string; email_verified?: boolean; name?: string };

export type OidcProvider = {
  issuer: string;
  /** Accounts by their `sub`: what the ID token says of each. */
  accounts: Map<string, OidcAccount>;
  /**
   * What the proxy changes: the token response's id_token swapped for another, or signed again by a key the provider
   * never published (under the provider's own key id).
   */
  tamper: { idToken?: string; resign?: boolean };
  /**
   * Signs in at the provider as `sub` from its authorization URL, as a browser would (its login form, its cookies):
   * the redirect back to the client, with its code and state.
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
};

async function newKeys() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { keys: [{ ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' }] };
}

/** The same claims under the same header, signed by a key of no one's. */
async function resigned(idToken: string) {
  const { privateKey } = await generateKeyPair('RS256');
  const header = decodeProtectedHeader(idToken);
  return new SignJWT(decodeJwt(idToken)).setProtectedHeader({ ...header, alg: header.alg! }).sign(privateKey);
}

export type OidcClient = { client_id: string; client_secret: string; redirect_uris: string[] };

export async function startOidcProvider({
  clients,
  port = 0,
  claimsFor,
}: {
  clients: OidcClient[];
  port?: number;
  /** What the token says of a login that `accounts` does not hold (the browser suite's: the address typed). */
  claimsFor?: (login: string) => OidcAccount | undefined;
}): Promise<OidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  const tamper: OidcProvider['tamper'] = {};
  // The proxy listens first: its address is the issuer the provider names itself by.
  const front = http.createServer();
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({ ...client, token_endpoint_auth_method: 'client_secret_post' })),
    jwks: await newKeys(),
    cookies: { keys: ['tessera-test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 3600,
    },
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: true } },
    // The email claims in the ID token itself, as Okta, Entra ID and Google put them.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub) ?? claimsFor?.(sub);
      return account && { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    // Consent is given: a company's provider does not ask its people each time.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // Quiet: its warnings about a development setup are expected here.
  provider.on('server_error', () => {});
  const inner = http.createServer(provider.callback());
  await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve));
  const innerPort = (inner.address() as AddressInfo).port;

  front.on('request', (request, response) => {
    const path = request.url!.split('?')[0];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: innerPort,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        if (path !== '/token' || !(tamper.idToken || tamper.resign) || answer.statusCode !== 200) {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', async () => {
          const tokens = JSON.parse(Buffer.concat(chunks).toString()) as { id_token: string };
          const body = JSON.stringify({
            ...tokens,
            id_token: tamper.idToken ?? (await resigned(tokens.id_token)),
          });
          const { 'content-length': _, ...headers } = answer.headers;
          response.writeHead(200, headers).end(body);
        });
      },
    );
    request.pipe(upstream);
  });

  return {
    issuer,
    accounts,
    tamper,
    async signIn(authorizationUrl, sub) {
      const jar = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        return response;
      };
      let response = await send(authorizationUrl);
      let location = new URL(response.headers.get('location')!, issuer);
      // The login page, then its form.
      response = await send(`${location}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }).toString(),
      });
      while (response.status >= 300 && response.status < 400) {
        location = new URL(response.headers.get('location')!, issuer);
        if (location.origin !== issuer) return location;
        response = await send(`${location}`);
      }
      throw new Error(
        `the provider did not send the browser back (${response.status}): ${await response.text()}`,
      );
    },
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => front.close(() => resolve())),
        new Promise<void>((resolve) => inner.close(() => resolve())),
      ]);
    },
  };
}
