// The passkeys module's dependencies (app.passkeys), built once: the relying party is APP_URL's host, and a
// passkey sign-in opens its session through the auth module. Its routes and the account module's read them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { hasPasskey, type PasskeyDeps, relyingParty, removeUserPasskeys } from './passkeys.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    passkeys: PasskeyDeps;
  }
}

export const passkeysModulePlugin = fp(
  async (app: FastifyInstance) => {
    // A reclaimed account's passkeys go with its other factors (auth/credential-lifecycle.service.ts).
    app.auth.factorStores.push({ removeAll: removeUserPasskeys, has: hasPasskey });
    app.decorate('passkeys', {
      db: app.database.db,
      clock: app.clock,
      auth: app.auth,
      ...relyingParty(app.config.appUrl),
    } satisfies PasskeyDeps);
  },
  { name: 'passkeys', dependencies: ['auth'] },
);
