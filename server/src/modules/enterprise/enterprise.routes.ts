import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { route, routeScope } from '../../plugins/route-scope.ts';
import * as domains from './domains.service.ts';

export const enterpriseRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Enterprise identity'] });
  const deps: domains.DomainsDeps = {
    db: app.database.db,
    clock: app.clock,
    appUrl: app.config.appUrl,
    lookupTxt: domains.domainLookup(app.config.dnsServers),
    mailQueued: () => app.mail.notify(),
  };
  const checks = app.attemptLimit('domainChecks');

  route(app, 'listDomains', (request) => domains.listDomains(deps.db, request.caller));
  route(app, 'addDomain', async (request, reply) =>
    reply.status(201).send(await domains.addDomain(deps, request.caller, request.body)),
  );
  route(app, 'verifyDomain', async (request, reply) => {
    // Every lookup counts, found or not: each is a query to a resolver on the team's behalf.
    const { caller } = request;
    return domains.verifyDomain(deps, caller, request.params.id, (domain) =>
      checks.reserve(reply, `${caller.tenantId}:${domain}`),
    );
  });
  route(app, 'removeDomain', async (request, reply) => {
    await domains.removeDomain(deps, request.caller, request.params.id);
    return reply.status(204).send(null);
  });
};
