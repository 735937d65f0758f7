// The signed-in user's account as a whole: deleting it, exporting its data (docs/contract.md section 4).
import { ACCOUNT_EXPORT_FILENAME, AccountExportSchema, DeleteAccountBodySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { asAccountHolder } from '../../plugins/auth.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as account from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Auth'] });
  const deps: account.AccountDeps = {
    auth: app.auth,
    billing: app.billing,
    passkeys: app.passkeys,
  };

  app.delete(
    '/me',
    { schema: { body: DeleteAccountBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const caller = { userId: request.user.uuid, sessionId: request.user.sessionId };
      const proven = await asAccountHolder(request, reply, () =>
        account.confirmOwner(deps, caller.userId, request.body),
      );
      await account.deleteAccount(deps, caller, proven);
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
