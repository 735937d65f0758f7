// The server starts only with routes under /api registered from a declared endpoint (docs/decisions/022).
import Fastify from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, expectTypeOf, it } from 'vitest';

import type { MemberCaller, OperatorCaller, TeamCaller, UserCaller } from '../lib/caller.ts';

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

  it("hand each handler the caller its endpoint's policy grants, and no other (typecheck holds it)", async () => {
    // The handlers never run: `npm run typecheck` judges this test, each @ts-expect-error failing if it compiles.
    const app = await start(async (scope) => {
      route(scope, 'getHealth', (request) => {
        expectTypeOf(request.caller).toEqualTypeOf<null>();
        return { status: 'ok' as const };
      });
      route(scope, 'getMe', (request) => {
        expectTypeOf(request.caller).toEqualTypeOf<UserCaller>();
        // @ts-expect-error A user's route names no team.
        void request.caller.tenantId;
        // @ts-expect-error The decorations that were typed as present for every caller are gone.
        void request.user;
        return {} as never;
      });
      route(scope, 'getTenant', (request) => {
        expectTypeOf(request.caller).toEqualTypeOf<MemberCaller>();
        void request.caller.role;
        return {} as never;
      });
      route(scope, 'listItems', (request) => {
        expectTypeOf(request.caller).toEqualTypeOf<TeamCaller>();
        // @ts-expect-error An API key may call it: a member's role or session is read only once it is a member.
        void request.caller.role;
        if (request.caller.kind === 'member') void request.caller.role;
        return {} as never;
      });
      route(scope, 'adminGetMetrics', (request) => {
        expectTypeOf(request.caller).toEqualTypeOf<OperatorCaller>();
        return {} as never;
      });
    });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
