import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requestClient } from '../../plugins/auth.ts';
import { PER_ADDRESS_LIMIT } from '../../plugins/rate-limits.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as passkeys from './passkeys.service.ts';

const perAddress = { rateLimit: PER_ADDRESS_LIMIT };

export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.passkeys;
  routeScope(app, { tags: ['Passkeys'] });

  route(app, 'passkeyLoginOptions', async () => passkeys.loginOptions(deps), { config: perAddress });

  route(
    app,
    'passkeyLoginVerify',
    async (request) => passkeys.verifyLogin(deps, request.body, requestClient(request)),
    { config: perAddress },
  );

  // The signed-in user's own passkeys.
  route(app, 'passkeyRegisterOptions', async (request) => passkeys.registrationOptions(deps, request.caller));

  route(app, 'passkeyRegisterVerify', async (request, reply) =>
    reply
      .status(201)
      .send(
        await passkeys.verifyRegistration(
          deps,
          request.caller,
          request.body,
          requestClient(request).userAgent,
        ),
      ),
  );

  route(app, 'listPasskeys', async (request) => passkeys.listPasskeys(deps, request.caller));

  route(app, 'deletePasskey', async (request, reply) => {
    await passkeys.deletePasskey(deps, request.caller, request.params.id);
    return reply.status(204).send(null);
  });
};
