// OpenAPI generated from the zod route schemas: JSON at /api/openapi.json, browsable at /api/docs.
import { WEBHOOK_DATA_SCHEMAS, type WebhookEvent, webhookPayloadSchema } from '@app/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';

import { z } from 'zod';

import { route } from './route-scope.ts';

const DOCS = '/api/docs';

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * What a team's webhook endpoints receive (docs/contract.md section 4, Developer platform): one POST per event, its
 * body and its Standard Webhooks headers, as OpenAPI 3.1 describes requests the API sends.
 */
const webhooks = Object.fromEntries(
  (Object.keys(WEBHOOK_DATA_SCHEMAS) as (WebhookEvent | 'ping')[]).map((event) => [
    event,
    {
      post: {
        operationId: `webhook_${event.replace('.', '_')}`,
        summary:
          event === 'ping' ? 'A test delivery' : `Sent when ${event.replace('.', ' ').replace('_', ' ')}`,
        description:
          "Verify the signature with the endpoint's secret (any Standard Webhooks library does it) before trusting the body. " +
          'Each attempt of a delivery carries the same webhook-id; answer 2xx within 10 s, or it is retried.',
        security: [],
        parameters: [
          header('webhook-id', 'The delivery: the same on every attempt, so a receiver can ignore a repeat'),
          header('webhook-timestamp', 'When this attempt was sent, in seconds since the epoch'),
          header('webhook-signature', '`v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`'),
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: z.toJSONSchema(webhookPayloadSchema(event)) } },
        },
        responses: { '200': { description: 'Received (any 2xx)' } },
      },
    },
  ]),
);

export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Tessera API', version: '1.0.0' },
        // Every path carries its /api prefix: the server is the app's public root.
        servers: [{ url: app.config.appUrl, description: 'This Tessera' }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: "A session's access token",
            },
            apiKeyAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'tsk_…',
              description:
                'A team API key (`Authorization: Bearer tsk_…`): acts for its own team without X-TENANT-UUID, on ' +
                'the operations that list it with one of its scopes; 600 requests a minute per key.',
            },
            scimAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'tscim_…',
              description:
                "A team's SCIM token (`Authorization: Bearer tscim_…`): its directory, on /scim/v2 only; " +
                '600 requests a minute per token.',
            },
          },
        },
        // @fastify/swagger passes them through as given; its types know only its own webhooks' shape.
        webhooks: webhooks as never,
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS,
      uiHooks: {
        // swagger-ui sends its old index path on to the docs by editing request.url, which a request in absolute
        // form (`GET http://evil.example/api/docs/static/index.html`) makes an external Location. The target is
        // fixed here instead; swagger-ui's other routes answer no redirect.
        onRequest: async (request, reply) => {
          if (request.routeOptions.url === `${DOCS}/static/index.html`) return reply.redirect(`${DOCS}/`);
        },
      },
    });
    const document: FastifyPluginAsyncZod = async (api) =>
      route(api, 'getOpenApi', () => app.swagger(), { schema: { hide: true } });
    await app.register(document, { prefix: '/api' });
  },
  { name: 'openapi' },
);
