import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { requestClient } from '../../plugins/auth.ts';
import { PER_ADDRESS_LIMIT } from '../../plugins/rate-limits.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as invitations from './invitations.service.ts';

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.auth;
  const tags = ['Invitations'];

  routeScope(app, { tags });
  // Counted per team once the caller is known to manage it, so nobody else can use up a team's invitations.
  const mailedInvitations = app.attemptLimit('invitations');

  route(app, 'invite', async (request, reply) => {
    await mailedInvitations.reserve(reply, request.caller.tenantId);
    return reply.status(201).send({ message: await invitations.invite(deps, request.caller, request.body) });
  });

  route(app, 'listInvitations', async (request, reply) =>
    sendPage(reply, await invitations.listPending(deps, request.caller, request.query)),
  );

  route(app, 'revokeInvitation', async (request, reply) => {
    await invitations.revoke(deps, request.caller, request.params.uuid);
    return reply.status(204).send(null);
  });

  route(app, 'resendInvitation', async (request, reply) => {
    await mailedInvitations.reserve(reply, request.caller.tenantId);
    await invitations.resend(deps, request.caller, request.params.uuid);
    return reply.status(204).send(null);
  });

  route(app, 'acceptInvitation', (request) =>
    invitations.accept(deps, request.params.token, requestClient(request)),
  );

  route(
    app,
    'setInvitationPassword',
    async (request) => ({
      message: await invitations.setPassword(deps, request.params.token, request.body.password),
    }),
    { config: { rateLimit: PER_ADDRESS_LIMIT } },
  );
};
