import {
  AuthResponseSchema,
  ErrorBodySchema,
  GoogleLoginBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  MeSchema,
  MessageSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  ResetConfirmBodySchema,
  ResetRequestBodySchema,
  TokenPairSchema,
  UpdatePasswordBodySchema,
  VerifyEmailQuerySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import { PER_ADDRESS_LIMIT } from '../../plugins/rate-limits.ts';
import * as auth from './auth.service.ts';

const perAddress = { rateLimit: PER_ADDRESS_LIMIT };
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema };

export const authRoutes: FastifyPluginAsyncZod<{ deps: auth.AuthDeps }> = async (app, { deps }) => {
  const failedLogins = app.attemptLimit('failedLogins', 'Too many failed sign-in attempts. Try again later.');

  app.post(
    '/register',
    {
      config: perAddress,
      schema: { tags: ['Auth'], body: RegisterBodySchema, response: { 201: AuthResponseSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await auth.register(deps, request.body)),
  );

  app.post(
    '/login',
    {
      config: perAddress,
      schema: { tags: ['Auth'], body: LoginBodySchema, response: { 200: AuthResponseSchema, ...errors } },
    },
    async (request, reply) => {
      // Every attempt reserves one of the email's allowed failures before the password is checked, and all but a
      // wrong password give it back: a parallel burst cannot all read "under the limit" first (CONTRACT section 4).
      const { email } = request.body;
      await failedLogins.reserve(reply, email);
      let wrongPassword = false;
      try {
        return await auth.login(deps, request.body);
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
        tags: ['Auth'],
        body: GoogleLoginBodySchema,
        response: { 200: AuthResponseSchema, 404: ErrorBodySchema, ...errors },
      },
    },
    async (request) => auth.googleLogin(deps, request.body.credential),
  );

  app.post(
    '/refresh',
    {
      config: perAddress,
      schema: { tags: ['Auth'], body: RefreshBodySchema, response: { 200: TokenPairSchema, ...errors } },
    },
    async (request) => auth.refresh(deps, request.body.refresh_token),
  );

  app.post(
    '/logout',
    { schema: { tags: ['Auth'], body: LogoutBodySchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await auth.logout(deps, request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/verify-email',
    {
      schema: {
        tags: ['Auth'],
        querystring: VerifyEmailQuerySchema,
        response: { 200: AuthResponseSchema, ...errors },
      },
    },
    async (request) => auth.verifyEmail(deps, request.query.token),
  );

  app.post(
    '/reset-password/request',
    {
      config: perAddress,
      schema: { tags: ['Auth'], body: ResetRequestBodySchema, response: { 200: MessageSchema, ...errors } },
    },
    async (request) => ({ message: await auth.requestPasswordReset(deps, request.body.email) }),
  );

  app.post(
    '/reset-password/confirm',
    {
      config: perAddress,
      schema: { tags: ['Auth'], body: ResetConfirmBodySchema, response: { 200: MessageSchema, ...errors } },
    },
    async (request) => ({ message: await auth.confirmPasswordReset(deps, request.body) }),
  );

  app.post(
    '/update-password',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Auth'],
        security: [{ bearerAuth: [] }],
        body: UpdatePasswordBodySchema,
        response: { 200: MessageSchema, ...errors },
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

  app.get(
    '/me',
    {
      preHandler: requireUser,
      schema: { tags: ['Auth'], security: [{ bearerAuth: [] }], response: { 200: MeSchema, ...errors } },
    },
    async (request) => auth.getMe(deps, request.user.uuid),
  );
};
