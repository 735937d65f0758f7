import {
  ErrorBodySchema,
  InvitationAcceptanceSchema,
  InvitationTokenParamsSchema,
  InviteBodySchema,
  MessageSchema,
  SetInvitationPasswordBodySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireUser } from '../../plugins/auth.ts';
import { requireRole, requireTenant } from '../../plugins/tenant.ts';
import type { AuthDeps } from '../auth/auth.service.ts';
import * as invitations from './invitations.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };

export const invitationsRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.post(
    '/invite',
    {
      preHandler: [requireUser, requireTenant, requireRole('admin')],
      schema: {
        tags: ['Invitations'],
        security: [{ bearerAuth: [] }],
        body: InviteBodySchema,
        response: { 201: MessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ message: await invitations.invite(deps, request.tenantCtx, request.body) }),
  );

  app.get(
    '/invitations/:token/accept',
    {
      schema: {
        tags: ['Invitations'],
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationAcceptanceSchema, ...errors },
      },
    },
    (request) => invitations.accept(deps, request.params.token),
  );

  app.post(
    '/invitations/:token/set-password',
    {
      schema: {
        tags: ['Invitations'],
        params: InvitationTokenParamsSchema,
        body: SetInvitationPasswordBodySchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => ({
      message: await invitations.setPassword(deps, request.params.token, request.body.password),
    }),
  );
};
