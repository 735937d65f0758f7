// The OpenID provider of the e2e run (stand-ins.setup.ts): where it listens and the client a team saves.
import { oidcPort } from './playwright.config.ts';

export const SSO_PROVIDER = {
  issuer: `http://127.0.0.1:${oidcPort}`,
  clientId: 'tessera-e2e',
  clientSecret: 'e2e-provider-secret',
};
