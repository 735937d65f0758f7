// The members module's part in lower modules' work, which cannot import it: the auth module's credential events retire
// what an account made for its teams (API keys, webhook endpoints, pending invitations) through it, and billing
// counts what a plan's member limit counts with it when a team changes plan.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { countSeats } from './members.service.ts';
import { teamCredentialStore } from './team-credentials.ts';

export const membersModulePlugin = fp(
  async (app: FastifyInstance) => {
    app.auth.teamCredentialStores.push(teamCredentialStore);
    app.billing.planSeats = countSeats;
  },
  { name: 'members', dependencies: ['auth', 'billing'] },
);
