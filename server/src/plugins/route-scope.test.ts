// The server starts only with routes under /api registered from a declared endpoint (docs/decisions/022).
import Fastify from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';

import { installRoutePolicies, route } from './route-scope.ts';

async function start(routes: FastifyPluginAsyncZod, prefix = '/api') {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installRoutePolicies(app);
  await app.register(routes, { prefix });
  await app.ready();
  return app;
}

describe('routes under /api', () => {
  it('start when registered from their endpoint, with its guards, and the public ones answer', async () => {
    const app = await start(async (scope) => {
      route(scope, 'getHealth', () => ({ status: 'ok' as const }));
      route(scope, 'getItem', () => ({}) as never);
    });
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    // getItem is a team's endpoint: refused before its handler without a signed-in caller.
    expect((await app.inject({ url: '/api/items/1' })).statusCode).toBe(401);
    await app.close();
  });

  it('refuse to start when registered by hand, even at a declared path', async () => {
    await expect(
      start(async (scope) => {
        scope.get('/items/:id', () => ({}));
      }),
    ).rejects.toThrow('GET /api/items/:id is registered by hand');
  });

  it("refuse to start when an endpoint's handler is registered under a prefix its path is not under", async () => {
    await expect(
      start(async (scope) => {
        route(scope, 'getItem', () => ({}) as never);
      }, '/api/auth'),
    ).rejects.toThrow('getItem: /items/:id is not under /api/auth');
  });

  it('leave routes outside /api alone', async () => {
    const app = await start(async (scope) => {
      scope.get('/elsewhere', () => 'ok');
    }, '');
    expect((await app.inject({ url: '/elsewhere' })).body).toBe('ok');
    await app.close();
  });
});
