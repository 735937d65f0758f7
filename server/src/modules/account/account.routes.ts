// The signed-in user's account as a whole: deleting it, exporting its data (docs/contract.md section 4).
import { ACCOUNT_EXPORT_FILENAME } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { asAccountHolder } from '../../plugins/auth.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as account from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Auth'] });
  const deps: account.AccountDeps = {
    auth: app.auth,
    billing: app.billing,
    passkeys: app.passkeys,
  };

  route(app, 'deleteMe', async (request, reply) => {
    const proven = await asAccountHolder(reply, request.caller, () =>
      account.confirmHolder(deps, request.caller, request.body),
    );
    await account.deleteAccount(deps, request.caller, proven);
    return reply.status(204).send(null);
  });

  route(app, 'exportMe', async (request, reply) => {
    const data = await account.exportAccount(deps, request.caller);
    return reply
      .header('content-disposition', `attachment; filename="${ACCOUNT_EXPORT_FILENAME}"`)
      .header('cache-control', 'private, no-store')
      .send(data);
  });
};
