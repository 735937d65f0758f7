import {
  AuthResponseSchema,
  PasskeyLoginOptionsSchema,
  PasskeyLoginVerifyBodySchema,
  PasskeyParamsSchema,
  PasskeyRegisterVerifyBodySchema,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requestClient } from '../../plugins/auth.ts';
import { PER_ADDRESS_LIMIT } from '../../plugins/rate-limits.ts';
import { routeScope } from '../../plugins/route-scope.ts';
import * as passkeys from './passkeys.service.ts';

const perAddress = { rateLimit: PER_ADDRESS_LIMIT };

export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.passkeys;
  routeScope(app, { tags: ['Passkeys'] });

  app.post(
    '/login/options',
    { config: perAddress, schema: { response: { 200: PasskeyLoginOptionsSchema } } },
    async () => passkeys.loginOptions(deps),
  );

  app.post(
    '/login/verify',
    {
      config: perAddress,
      schema: { body: PasskeyLoginVerifyBodySchema, response: { 200: AuthResponseSchema } },
    },
    async (request) => passkeys.verifyLogin(deps, request.body, requestClient(request)),
  );

  // The signed-in user's own passkeys.
  const ownPasskeys: FastifyPluginAsyncZod = async (scope) => {
    routeScope(scope, { tags: ['Passkeys'] });

    scope.post(
      '/register/options',
      { schema: { response: { 200: PasskeyRegistrationOptionsSchema } } },
      async (request) => passkeys.registrationOptions(deps, request.user),
    );

    scope.post(
      '/register/verify',
      {
        schema: { body: PasskeyRegisterVerifyBodySchema, response: { 201: PasskeySchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await passkeys.verifyRegistration(
              deps,
              { userId: request.user.uuid, sessionId: request.user.sessionId },
              request.body,
              requestClient(request).userAgent,
            ),
          ),
    );

    scope.get('/', { schema: { response: { 200: z.array(PasskeySchema) } } }, async (request) =>
      passkeys.listPasskeys(deps, request.user.uuid),
    );

    scope.delete(
      '/:id',
      {
        schema: { params: PasskeyParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await passkeys.deletePasskey(deps, request.user.uuid, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
  await app.register(ownPasskeys);
};
