import {
  ErrorBodySchema,
  InvitationAcceptanceSchema,
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
import { PER_ADDRESS_LIMIT } from '../../plugins/rate-limits.ts';
import { requireRole, requireTenant } from '../../plugins/tenant.ts';
import type { AuthDeps } from '../auth/auth.service.ts';
import * as invitations from './invitations.service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
};
const security = [{ bearerAuth: [] }];
const tags = ['Invitations'];

export const invitationsRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  const asAdmin = [requireTenant, requireRole('admin')];
  // Counted per team once the caller is known to manage it, so nobody else can use up a team's invitations.
  const mailedInvitations = app.attemptLimit(
    'invitations',
    `This team has sent ${app.limits.invitations.max} invitations in the last hour. Try again later.`,
  );
  const countInvitation = async (request: FastifyRequest, reply: FastifyReply) =>
    mailedInvitations.reserve(reply, request.tenantCtx.tenantId);

  app.post(
    '/invite',
    {
      preHandler: [...asAdmin, countInvitation],
      schema: { tags, security, body: InviteBodySchema, response: { 201: MessageSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send({ message: await invitations.invite(deps, request.tenantCtx, request.body) }),
  );

  app.get(
    '/invitations',
    {
      preHandler: asAdmin,
      schema: {
        tags,
        security,
        querystring: PageQuerySchema,
        response: { 200: z.array(PendingInvitationSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await invitations.listPending(deps, request.tenantCtx, request.query)),
  );

  app.delete(
    '/invitations/:uuid',
    {
      preHandler: asAdmin,
      schema: { tags, security, params: InvitationParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await invitations.revoke(deps, request.tenantCtx, request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/invitations/:uuid/resend',
    {
      preHandler: [...asAdmin, countInvitation],
      schema: { tags, security, params: InvitationParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await invitations.resend(deps, request.tenantCtx, request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/invitations/:token/accept',
    {
      schema: {
        tags,
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationAcceptanceSchema, ...errors },
      },
    },
    (request) => invitations.accept(deps, request.params.token),
  );

  app.post(
    '/invitations/:token/set-password',
    {
      config: { rateLimit: PER_ADDRESS_LIMIT },
      schema: {
        tags,
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
