import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AppError } from '../../lib/app-error.ts';
import { sendPage } from '../../lib/pagination.ts';
import { asAccountHolder, requestClient, verifiedToken } from '../../plugins/auth.ts';
import { PER_ADDRESS_LIMIT, SIGN_IN_LIMIT } from '../../plugins/rate-limits.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import { getMe, updateMe } from './account-status.service.ts';
import {
  confirmEmailChange,
  confirmPasswordReset,
  googleLogin,
  login,
  register,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  updatePassword,
  verifyEmail,
} from './credentials.service.ts';
import {
  completeSecondStep,
  disableTwoFactor,
  enableTwoFactor,
  secondStepUser,
  setUpTwoFactor,
} from './second-factors.service.ts';
import { endOtherSessions, endSession, listSessions, logout, refresh } from './sessions.service.ts';

const perAddress = { rateLimit: PER_ADDRESS_LIMIT };

/** Whether an error is the refusal an attempt limit counts (a wrong password, a wrong code), not an outage. */
const isWrongPassword = (error: unknown) => error instanceof AppError && error.code === 'invalid_credentials';
const isWrongCode = (error: unknown) => error instanceof AppError && error.code === 'second_factor_invalid';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.auth;
  routeScope(app, { tags: ['Auth'] });
  const failedLogins = app.attemptLimit('failedLogins');
  const wrongCodes = app.attemptLimit('wrongCodes');
  const verificationMails = app.attemptLimit('verificationMails');

  route(
    app,
    'register',
    async (request, reply) =>
      reply.status(201).send(await register(deps, request.body, requestClient(request))),
    { config: perAddress },
  );

  route(
    app,
    'login',
    // Every attempt reserves one of the email's allowed failures before the password is checked, so a parallel
    // burst cannot all read "under the limit" first; only a wrong password keeps it (docs/contract.md section 4).
    async (request, reply) =>
      failedLogins.attempt(
        reply,
        request.body.email,
        () => login(deps, request.body, requestClient(request)),
        isWrongPassword,
      ),
    { config: { rateLimit: SIGN_IN_LIMIT } },
  );

  route(app, 'googleLogin', async (request) =>
    googleLogin(deps, request.body.credential, requestClient(request)),
  );

  route(
    app,
    'verifySecondFactor',
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
    { config: perAddress },
  );

  route(
    app,
    'refreshSession',
    async (request) => refresh(deps, request.body.refresh_token, requestClient(request)),
    {
      config: perAddress,
    },
  );

  route(app, 'logout', async (request, reply) => {
    await logout(deps, request.body.refresh_token);
    return reply.status(204).send(null);
  });

  route(app, 'verifyEmail', async (request) =>
    verifyEmail(deps, request.query.token, requestClient(request)),
  );

  route(app, 'resendVerification', async (request, reply) => {
    await verificationMails.reserve(reply, request.caller.userId);
    return { message: await resendVerification(deps, request.caller) };
  });

  route(
    app,
    'requestPasswordReset',
    async (request) => ({ message: await requestPasswordReset(deps, request.body.email) }),
    { config: perAddress },
  );

  route(
    app,
    'confirmPasswordReset',
    async (request) => ({ message: await confirmPasswordReset(deps, request.body) }),
    { config: perAddress },
  );

  route(
    app,
    'confirmEmailChange',
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
    { config: perAddress },
  );

  // What the signed-in user does to their own account.
  route(app, 'updatePassword', async (request, reply) => ({
    message: await asAccountHolder(reply, request.caller, () =>
      updatePassword(deps, request.caller, request.body),
    ),
  }));

  // Turning two-factor on or off takes a code: wrong ones count against the same limit as the sign-in step's.
  route(app, 'setupTwoFactor', async (request) => setUpTwoFactor(deps, request.caller));

  route(app, 'enableTwoFactor', async (request, reply) =>
    wrongCodes.attempt(
      reply,
      request.caller.userId,
      () => enableTwoFactor(deps, request.caller, request.body.code),
      isWrongCode,
    ),
  );

  route(app, 'disableTwoFactor', async (request, reply) => {
    await wrongCodes.attempt(
      reply,
      request.caller.userId,
      () => disableTwoFactor(deps, request.caller, request.body.code),
      isWrongCode,
    );
    return { message: 'Two-factor authentication is off' };
  });

  route(
    app,
    'changeEmail',
    async (request, reply) => ({
      message: await asAccountHolder(reply, request.caller, () =>
        requestEmailChange(deps, request.caller, request.body),
      ),
    }),
    { config: perAddress },
  );

  route(app, 'getMe', async (request) => getMe(deps, request.caller));
  route(app, 'updateMe', async (request) => updateMe(deps, request.caller, request.body));

  route(app, 'listSessions', async (request, reply) =>
    sendPage(reply, await listSessions(deps, request.caller, request.query)),
  );

  route(app, 'revokeSession', async (request, reply) => {
    await endSession(deps, request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  route(app, 'revokeOtherSessions', async (request, reply) => {
    await endOtherSessions(deps, request.caller);
    return reply.status(204).send(null);
  });
};
