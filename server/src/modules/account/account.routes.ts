// The signed-in user's account as a whole: deleting it, exporting its data (docs/contract.md section 4).
import { ACCOUNT_EXPORT_FILENAME, AccountExportSchema, DeleteAccountBodySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/app-error.ts';
import { refuseImpersonation } from '../../plugins/auth.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as account from './account.service.ts';

/** A refused confirmation counts as a wrong code; an outage does not. */
const isWrongCode = (error: unknown) => error instanceof AppError && error.code === 'BAD_REQUEST';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { access: 'user', tags: ['Auth'] });
  app.addHook('preHandler', refuseImpersonation);
  const deps: account.AccountDeps = {
    auth: app.auth,
    billing: app.billing,
    passkeys: app.passkeys,
  };
  const wrongCodes = app.attemptLimit('wrongCodes');

  app.delete(
    '/me',
    { schema: { body: DeleteAccountBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const userId = request.user.uuid;
      const confirm = () => account.confirmOwner(deps, userId, request.body);
      // A code counts against the same limit of wrong codes as the sign-in step's, so it cannot be guessed here.
      if (request.body.code === undefined) await confirm();
      else await wrongCodes.attempt(reply, userId, confirm, isWrongCode);
      await account.deleteAccount(deps, userId);
      return reply.status(204).send(null);
    },
  );

  app.get('/me/export', { schema: { response: { 200: AccountExportSchema } } }, async (request, reply) => {
    const data = await account.exportAccount(deps, {
      userId: request.user.uuid,
      sessionId: request.user.sessionId,
    });
    return reply
      .header('content-disposition', `attachment; filename="${ACCOUNT_EXPORT_FILENAME}"`)
      .header('cache-control', 'private, no-store')
      .send(data);
  });
};
