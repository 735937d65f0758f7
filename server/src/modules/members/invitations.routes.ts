import {
  InvitationAcceptanceSchema,
  InvitationAcceptanceSecondStepSchema,
  InvitationParamsSchema,
  InvitationTokenParamsSchema,
  InviteBodySchema,
  MessageSchema,
  PageQuerySchema,
  PendingInvitationSchema,
  SetInvitationPasswordBodySchema,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendPage } from '../../lib/pagination.ts';
import { requestClient } from '../../plugins/auth.ts';
import { PER_ADDRESS_LIMIT } from '../../plugins/rate-limits.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as invitations from './invitations.service.ts';

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.auth;
  const tags = ['Invitations'];

  // A team's admins manage its invitations.
  const teamInvitations: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });
    // Counted per team once the caller is known to manage it, so nobody else can use up a team's invitations.
    const mailedInvitations = scope.attemptLimit('invitations');
    const countInvitation = async (request: FastifyRequest, reply: FastifyReply) =>
      mailedInvitations.reserve(reply, request.tenantCtx.tenantId);

    scope.post(
      '/invite',
      {
        preHandler: countInvitation,
        schema: { body: InviteBodySchema, response: { 201: MessageSchema } },
      },
      async (request, reply) =>
        reply.status(201).send({ message: await invitations.invite(deps, request.tenantCtx, request.body) }),
    );

    scope.get(
      '/invitations',
      { schema: { querystring: PageQuerySchema, response: { 200: z.array(PendingInvitationSchema) } } },
      async (request, reply) =>
        sendPage(reply, await invitations.listPending(deps, request.tenantCtx, request.query)),
    );

    scope.delete(
      '/invitations/:uuid',
      { schema: { params: InvitationParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await invitations.revoke(deps, request.tenantCtx, request.params.uuid);
        return reply.status(204).send(null);
      },
    );

    scope.post(
      '/invitations/:uuid/resend',
      {
        preHandler: countInvitation,
        schema: { params: InvitationParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await invitations.resend(deps, request.tenantCtx, request.params.uuid);
        return reply.status(204).send(null);
      },
    );
  };

  // The invited person, from the link in their mail: the token is the authorization.
  const invitationLinks: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags });

    scope.get(
      '/invitations/:token/accept',
      {
        schema: {
          params: InvitationTokenParamsSchema,
          response: { 200: z.union([InvitationAcceptanceSchema, InvitationAcceptanceSecondStepSchema]) },
        },
      },
      (request) => invitations.accept(deps, request.params.token, requestClient(request)),
    );

    scope.post(
      '/invitations/:token/set-password',
      {
        config: { rateLimit: PER_ADDRESS_LIMIT },
        schema: {
          params: InvitationTokenParamsSchema,
          body: SetInvitationPasswordBodySchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => ({
        message: await invitations.setPassword(deps, request.params.token, request.body.password),
      }),
    );
  };

  await app.register(teamInvitations);
  await app.register(invitationLinks);
};
