// What the e2e server talks to besides the browser, started once for the run so both browser workers share them:
// - the DNS server it resolves domains through (DNS_SERVERS in playwright.config.ts), which answers a TXT question
//   from the file of that name in E2E_DNS_DIR, one record a line, which a test writes to publish one (publishTxt);
// - a real OpenID provider (oidc-provider, server/test/oidc-provider.ts) a team saves as its single sign-on: its own
//   login page, where any login is the address of the person it signs in (SSO_PROVIDER in fixtures.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { startDnsStandIn } from '../server/test/dns-stand-in.ts';
import { startOidcProvider } from '../server/test/oidc-provider.ts';
import { baseURL, dnsPort, oidcPort } from './playwright.config.ts';
import { SSO_PROVIDER } from './sso-provider.ts';

export const dnsDir = () => process.env.E2E_DNS_DIR ?? path.join(import.meta.dirname, '../data/e2e-dns');

export default async function setup() {
  const dns = await startDnsStandIn({
    port: dnsPort,
    lookup: (name) => {
      // A name is a file of the records directory, never a path out of it.
      if (name.includes('/') || name.includes('..')) return [];
      try {
        return readFileSync(path.join(dnsDir(), name), 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    },
  });
  const provider = await startOidcProvider({
    port: oidcPort,
    clients: [
      {
        client_id: SSO_PROVIDER.clientId,
        client_secret: SSO_PROVIDER.clientSecret,
        redirect_uris: [`${baseURL}/api/auth/sso/callback`],
      },
    ],
    // The login typed at the provider's page is the person's address, verified.
    claimsFor: (login) => (login.includes('@') ? { email: login, email_verified: true } : undefined),
  });
  return async () => {
    await dns.close();
    await provider.close();
  };
}
