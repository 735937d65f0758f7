// Google's side of a Google sign-in, on this machine: a JWKS endpoint and the ID tokens it vouches for.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'tessera-test.apps.googleusercontent.com';

export async function startGoogleStandIn(clock: { now(): Date }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' }] };
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(jwks));
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    config: { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    /** An ID token for `email`, signed as Google signs them. */
    idToken(email: string) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
        .setIssuer('https://accounts.google.com')
        .setAudience(GOOGLE_TEST_CLIENT_ID)
        .setSubject('1234567890')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
