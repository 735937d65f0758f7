// OpenAPI generated from the zod route schemas: JSON at /api/openapi.json, browsable at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';

import { route } from './route-scope.ts';

const DOCS = '/api/docs';

export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Tessera API', version: '1.0.0' },
        // Every path carries its /api prefix: the server is the app's public root.
        servers: [{ url: app.config.appUrl, description: 'This Tessera' }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
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
