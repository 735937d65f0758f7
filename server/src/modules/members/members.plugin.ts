// The members module's part in the auth module's credential events: what an account made for its teams (API keys,
// webhook endpoints, pending invitations) is retired through it, as auth cannot import the modules above it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { teamCredentialStore } from './team-credentials.ts';

export const membersModulePlugin = fp(
  async (app: FastifyInstance) => {
    app.auth.teamCredentialStores.push(teamCredentialStore);
  },
  { name: 'members', dependencies: ['auth'] },
);
