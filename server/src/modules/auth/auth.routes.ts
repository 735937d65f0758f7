import {
  AuthResponseSchema,
  GoogleLoginBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  MeSchema,
  MessageSchema,
  PageQuerySchema,
  RefreshBodySchema,
  RegisterBodySchema,
  ResetConfirmBodySchema,
  ResetRequestBodySchema,
  SessionParamsSchema,
  SessionSchema,
  TokenPairSchema,
  UpdatePasswordBodySchema,
  VerifyEmailQuerySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/app-error.ts';
import { sendPage } from '../../lib/pagination.ts';
import { requestClient } from '../../plugins/auth.ts';
import { PER_ADDRESS_LIMIT } from '../../plugins/rate-limits.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as auth from './auth.service.ts';

const perAddress = { rateLimit: PER_ADDRESS_LIMIT };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.auth;
  routeScope(app, { access: 'public', tags: ['Auth'] });
  const failedLogins = app.attemptLimit('failedLogins', 'Too many failed sign-in attempts. Try again later.');

  app.post(
    '/register',
    {
      config: perAddress,
      schema: { body: RegisterBodySchema, response: { 201: AuthResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await auth.register(deps, request.body, requestClient(request))),
  );

  app.post(
    '/login',
    {
      config: perAddress,
      schema: { body: LoginBodySchema, response: { 200: AuthResponseSchema } },
    },
    async (request, reply) => {
      // Every attempt reserves one of the email's allowed failures before the password is checked, and all but a
      // wrong password give it back: a parallel burst cannot all read "under the limit" first (docs/contract.md section 4).
      const { email } = request.body;
      await failedLogins.reserve(reply, email);
      let wrongPassword = false;
      try {
        return await auth.login(deps, request.body, requestClient(request));
      } catch (error) {
        wrongPassword = error instanceof AppError && error.code === 'UNAUTHORIZED';
        throw error;
      } finally {
        // Only a wrong password counts: a sign-in that failed on an outage must not lock the account.
        if (!wrongPassword) await failedLogins.release(email);
      }
    },
  );

  app.post(
    '/google-login',
    {
      schema: {
        body: GoogleLoginBodySchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request) => auth.googleLogin(deps, request.body.credential, requestClient(request)),
  );

  app.post(
    '/refresh',
    {
      config: perAddress,
      schema: { body: RefreshBodySchema, response: { 200: TokenPairSchema } },
    },
    async (request) => auth.refresh(deps, request.body.refresh_token, requestClient(request)),
  );

  app.post(
    '/logout',
    { schema: { body: LogoutBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(deps, request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/verify-email',
    {
      schema: {
        querystring: VerifyEmailQuerySchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request) => auth.verifyEmail(deps, request.query.token, requestClient(request)),
  );

  app.post(
    '/reset-password/request',
    {
      config: perAddress,
      schema: { body: ResetRequestBodySchema, response: { 200: MessageSchema } },
    },
    async (request) => ({ message: await auth.requestPasswordReset(deps, request.body.email) }),
  );

  app.post(
    '/reset-password/confirm',
    {
      config: perAddress,
      schema: { body: ResetConfirmBodySchema, response: { 200: MessageSchema } },
    },
    async (request) => ({ message: await auth.confirmPasswordReset(deps, request.body) }),
  );

  // What the signed-in user does to their own account.
  const ownAccount: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { access: 'user', tags: ['Auth'] });

    scope.post(
      '/update-password',
      {
        schema: {
          body: UpdatePasswordBodySchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => ({
        message: await auth.updatePassword(
          deps,
          { userId: request.user.uuid, sessionId: request.user.sessionId },
          request.body,
        ),
      }),
    );

    scope.get(
      '/me',
      {
        schema: { response: { 200: MeSchema } },
      },
      async (request) => auth.getMe(deps, request.user.uuid),
    );

    const ownSession = (request: { user: { uuid: string; sessionId: string } }) => ({
      userId: request.user.uuid,
      sessionId: request.user.sessionId,
    });

    scope.get(
      '/sessions',
      { schema: { querystring: PageQuerySchema, response: { 200: z.array(SessionSchema) } } },
      async (request, reply) =>
        sendPage(reply, await auth.listSessions(deps, ownSession(request), request.query)),
    );

    scope.delete(
      '/sessions/:id',
      { schema: { params: SessionParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await auth.endSession(deps, request.user.uuid, request.params.id);
        return reply.status(204).send(null);
      },
    );

    scope.post(
      '/sessions/revoke-others',
      { schema: { response: { 204: z.null() } } },
      async (request, reply) => {
        await auth.endOtherSessions(deps, ownSession(request));
        return reply.status(204).send(null);
      },
    );
  };
  await app.register(ownAccount);
};
