import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { requestClient } from '../../plugins/auth.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as superAdmin from './super-admin.service.ts';

export const superAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Super admin'] });
  const db = app.database.db;

  route(app, 'adminListTenants', async (request, reply) =>
    sendPage(reply, await superAdmin.listTenants(db, request.query)),
  );

  route(app, 'adminGetTenant', (request) => superAdmin.getTenant(db, request.params.id));

  route(app, 'adminListFeedback', async (request, reply) =>
    sendPage(reply, await superAdmin.listFeedback(db, request.query)),
  );

  route(app, 'adminGetMetrics', () => superAdmin.getMetrics(db, app.clock.now()));

  route(app, 'adminListUsers', async (request, reply) =>
    sendPage(reply, await superAdmin.listUsers(db, request.query)),
  );

  route(app, 'adminGetUser', (request) =>
    superAdmin.getUser(db, request.params.uuid, app.config.superAdminEmails),
  );

  route(app, 'adminListAudit', async (request, reply) =>
    sendPage(reply, await superAdmin.listAudit(db, request.query)),
  );

  // What operators do to accounts: suspend, restore, view the app as them (docs/contract.md section 4, Operators).
  for (const [id, suspended] of [
    ['adminSuspendUser', true],
    ['adminUnsuspendUser', false],
  ] as const) {
    route(app, id, async (request, reply) => {
      await superAdmin.setSuspension(app.auth, request.caller, request.params.uuid, suspended);
      return reply.status(204).send(null);
    });
  }

  route(app, 'adminImpersonate', (request) =>
    superAdmin.impersonate(app.auth, request.caller, request.params.uuid, requestClient(request)),
  );
};

/** The end of an operator's view as someone, called with that view's own token: /super-admin is closed to it. */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Super admin'] });

  route(app, 'stopImpersonation', async (request, reply) => {
    await superAdmin.stopImpersonation(app.auth, request.caller);
    return reply.status(204).send(null);
  });
};
