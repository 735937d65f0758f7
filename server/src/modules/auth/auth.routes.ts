import {
  AuthResponseSchema,
  ChangeEmailBodySchema,
  ConfirmEmailChangeQuerySchema,
  EmailChangedSchema,
  GoogleLoginBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  MeSchema,
  MessageSchema,
  MfaVerifyBodySchema,
  PageQuerySchema,
  RecoveryCodesSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  ResetConfirmBodySchema,
  ResetRequestBodySchema,
  SessionParamsSchema,
  SessionSchema,
  SignInResponseSchema,
  TokenPairSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupSchema,
  UpdatePasswordBodySchema,
  VerifyEmailQuerySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/app-error.ts';
import { sendPage } from '../../lib/pagination.ts';
import { asAccountHolder, requestClient, verifiedToken } from '../../plugins/auth.ts';
import { PER_ADDRESS_LIMIT } from '../../plugins/rate-limits.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import { getMe } from './account-status.service.ts';
import {
  confirmEmailChange,
  confirmPasswordReset,
  googleLogin,
  login,
  register,
  requestEmailChange,
  requestPasswordReset,
  updatePassword,
  verifyEmail,
} from './credentials.service.ts';
import {
  INVALID_CODE,
  completeSecondStep,
  disableTwoFactor,
  enableTwoFactor,
  secondStepUser,
  setUpTwoFactor,
} from './second-factors.service.ts';
import { endOtherSessions, endSession, listSessions, logout, refresh } from './sessions.service.ts';

const perAddress = { rateLimit: PER_ADDRESS_LIMIT };

/** Whether an error is the refusal an attempt limit counts (a wrong password, a wrong code), not an outage. */
const isWrongPassword = (error: unknown) => error instanceof AppError && error.kind === 'UNAUTHORIZED';
const isWrongCode = (error: unknown) => error instanceof AppError && error.message === INVALID_CODE;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.auth;
  routeScope(app, { tags: ['Auth'] });
  const failedLogins = app.attemptLimit('failedLogins');
  const wrongCodes = app.attemptLimit('wrongCodes');

  app.post(
    '/register',
    {
      config: perAddress,
      schema: { body: RegisterBodySchema, response: { 201: AuthResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await register(deps, request.body, requestClient(request))),
  );

  app.post(
    '/login',
    {
      config: perAddress,
      schema: { body: LoginBodySchema, response: { 200: SignInResponseSchema } },
    },
    // Every attempt reserves one of the email's allowed failures before the password is checked, so a parallel
    // burst cannot all read "under the limit" first; only a wrong password keeps it (docs/contract.md section 4).
    async (request, reply) =>
      failedLogins.attempt(
        reply,
        request.body.email,
        () => login(deps, request.body, requestClient(request)),
        isWrongPassword,
      ),
  );

  app.post(
    '/google-login',
    {
      schema: {
        body: GoogleLoginBodySchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request) => googleLogin(deps, request.body.credential, requestClient(request)),
  );

  app.post(
    '/2fa/verify',
    {
      config: perAddress,
      schema: { body: MfaVerifyBodySchema, response: { 200: AuthResponseSchema } },
    },
    async (request, reply) => {
      const { mfa_token: mfaToken, code } = request.body;
      const userId = await secondStepUser(deps, mfaToken);
      return wrongCodes.attempt(
        reply,
        userId,
        () => completeSecondStep(deps, { mfaToken, code }, requestClient(request)),
        isWrongCode,
      );
    },
  );

  app.post(
    '/refresh',
    {
      config: perAddress,
      schema: { body: RefreshBodySchema, response: { 200: TokenPairSchema } },
    },
    async (request) => refresh(deps, request.body.refresh_token, requestClient(request)),
  );

  app.post(
    '/logout',
    { schema: { body: LogoutBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await logout(deps, request.body.refresh_token);
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
    async (request) => verifyEmail(deps, request.query.token, requestClient(request)),
  );

  app.post(
    '/reset-password/request',
    {
      config: perAddress,
      schema: { body: ResetRequestBodySchema, response: { 200: MessageSchema } },
    },
    async (request) => ({ message: await requestPasswordReset(deps, request.body.email) }),
  );

  app.post(
    '/reset-password/confirm',
    {
      config: perAddress,
      schema: { body: ResetConfirmBodySchema, response: { 200: MessageSchema } },
    },
    async (request) => ({ message: await confirmPasswordReset(deps, request.body) }),
  );

  app.get(
    '/confirm-email-change',
    {
      config: perAddress,
      schema: { querystring: ConfirmEmailChangeQuerySchema, response: { 200: EmailChangedSchema } },
    },
    async (request) => {
      // The link is the credential; a signed-in browser's own session, if it is the same user's, stays open.
      let caller = null;
      try {
        caller = request.headers.authorization ? verifiedToken(app, request) : null;
      } catch {
        // An expired or foreign token only means no session is kept.
      }
      return confirmEmailChange(deps, request.query.token, caller);
    },
  );

  // What the signed-in user does to their own account.
  const ownAccount: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags: ['Auth'] });
    const ownSession = (request: { user: { uuid: string; sessionId: string } }) => ({
      userId: request.user.uuid,
      sessionId: request.user.sessionId,
    });

    scope.post(
      '/update-password',
      {
        schema: {
          body: UpdatePasswordBodySchema,
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => ({
        message: await asAccountHolder(request, reply, () =>
          updatePassword(deps, ownSession(request), request.body),
        ),
      }),
    );

    // Turning two-factor on or off takes a code: wrong ones count against the same limit as the sign-in step's.
    scope.post('/2fa/setup', { schema: { response: { 200: TwoFactorSetupSchema } } }, async (request) =>
      setUpTwoFactor(deps, ownSession(request)),
    );

    scope.post(
      '/2fa/enable',
      {
        schema: { body: TwoFactorCodeBodySchema, response: { 200: RecoveryCodesSchema } },
      },
      async (request, reply) =>
        wrongCodes.attempt(
          reply,
          request.user.uuid,
          () => enableTwoFactor(deps, ownSession(request), request.body.code),
          isWrongCode,
        ),
    );

    scope.post(
      '/2fa/disable',
      {
        schema: { body: TwoFactorCodeBodySchema, response: { 200: MessageSchema } },
      },
      async (request, reply) => {
        await wrongCodes.attempt(
          reply,
          request.user.uuid,
          () => disableTwoFactor(deps, ownSession(request), request.body.code),
          isWrongCode,
        );
        return { message: 'Two-factor authentication is off' };
      },
    );

    scope.post(
      '/change-email',
      {
        config: perAddress,
        schema: { body: ChangeEmailBodySchema, response: { 200: MessageSchema } },
      },
      async (request, reply) => ({
        message: await asAccountHolder(request, reply, () =>
          requestEmailChange(deps, ownSession(request), request.body),
        ),
      }),
    );

    scope.get(
      '/me',
      {
        schema: { response: { 200: MeSchema } },
      },
      async (request) => getMe(deps, request.user.uuid),
    );

    scope.get(
      '/sessions',
      {
        schema: { querystring: PageQuerySchema, response: { 200: z.array(SessionSchema) } },
      },
      async (request, reply) => sendPage(reply, await listSessions(deps, ownSession(request), request.query)),
    );

    scope.delete(
      '/sessions/:id',
      {
        schema: { params: SessionParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await endSession(deps, request.user.uuid, request.params.id);
        return reply.status(204).send(null);
      },
    );

    scope.post(
      '/sessions/revoke-others',
      { schema: { response: { 204: z.null() } } },
      async (request, reply) => {
        await endOtherSessions(deps, ownSession(request));
        return reply.status(204).send(null);
      },
    );
  };
  await app.register(ownAccount);
};
