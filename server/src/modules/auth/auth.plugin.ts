// The auth module's dependencies (app.auth), built once from the app's config, clock and token keys: the routes of
// auth and invitations hand them to their services.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { AuthDeps } from './auth.service.ts';
import { createGoogleIdTokens } from './google-id-tokens.ts';
import { createSecretBox } from '../../lib/secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthDeps;
  }
}

export const authModulePlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database, clock } = app;
    app.decorate('auth', {
      db: database.db,
      clock,
      accessTokens: app.accessTokens,
      appUrl: config.appUrl,
      superAdminEmails: config.superAdminEmails,
      google: config.google.clientId
        ? createGoogleIdTokens({ clientId: config.google.clientId, jwksUrl: config.google.jwksUrl, clock })
        : null,
      mailQueued: () => app.mail.notify(),
      totpSecrets: createSecretBox(config.jwtSecret, 'totp secret'),
      // The passkeys module registers its store here (it builds on auth, so auth cannot import it).
      factorStores: [],
      // The members module registers what accounts make for teams (keys, endpoints, invitations), for the same reason.
      teamCredentialStores: [],
    } satisfies AuthDeps);
  },
  { name: 'auth', dependencies: ['mail'] },
);
