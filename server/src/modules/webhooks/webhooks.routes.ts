import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { sendPage } from '../../lib/pagination.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as webhooks from './webhooks.service.ts';

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Webhooks'] });
  const deps = app.webhooks;

  route(app, 'createWebhook', async (request, reply) =>
    reply.status(201).send(await webhooks.createWebhook(deps, request.caller, request.body)),
  );
  route(app, 'listWebhooks', (request) => webhooks.listWebhooks(deps, request.caller));
  route(app, 'updateWebhook', (request) =>
    webhooks.updateWebhook(deps, request.caller, request.params.id, request.body),
  );
  route(app, 'deleteWebhook', async (request, reply) => {
    await webhooks.deleteWebhook(deps, request.caller, request.params.id);
    return reply.status(204).send(null);
  });
  route(app, 'testWebhook', async (request, reply) =>
    reply.status(202).send(await webhooks.testWebhook(deps, request.caller, request.params.id)),
  );
  route(app, 'listWebhookDeliveries', async (request, reply) =>
    sendPage(reply, await webhooks.listDeliveries(deps, request.caller, request.params.id, request.query)),
  );
  route(app, 'retryWebhookDelivery', async (request, reply) =>
    reply
      .status(202)
      .send(
        await webhooks.retryDelivery(deps, request.caller, request.params.id, request.params.delivery_id),
      ),
  );
};
