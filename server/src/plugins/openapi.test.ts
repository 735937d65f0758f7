import { WEBHOOK_EVENTS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp } from '../../test/helpers.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('API documentation', () => {
  it('serves OpenAPI generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const health = document.paths['/api/health'].get;
    expect(health.responses['200'].content['application/json'].schema.properties.status).toEqual({
      type: 'string',
      enum: ['ok'],
    });
    expect(health.responses).toHaveProperty('503');
  });

  it('documents what a route scope gives its routes: tag, bearer security and the {detail} errors', async () => {
    const { paths, components } = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const createItem = paths['/api/items/'].post;
    expect(createItem.tags).toEqual(['Items']);
    // A session's token, or an API key with the scope.
    expect(createItem.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: ['items:write'] }]);
    expect(components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // A route no key may call says only the session's.
    expect(paths['/api/tenant'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(createItem.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '422', '500']),
    );
    expect(createItem.operationId).toBe('createItem');
    // A public route says it needs nothing.
    const login = paths['/api/auth/login'].post;
    expect(login.tags).toEqual(['Auth']);
    expect(login.security).toEqual([]);
    expect(login.responses).toHaveProperty('429');
    // A scope inside another tags its routes as its own: the test-mode pages' inside billing's.
    expect(paths['/api/payments/plans'].get.tags).toEqual(['Billing']);
    expect(paths['/api/payments/local/checkout/{session_id}'].get.tags).toEqual(['Billing (test mode)']);
  });

  it('describes every webhook event the endpoints receive, with its payload and signature headers', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks).toSorted()).toEqual([...WEBHOOK_EVENTS, 'ping'].toSorted());
    const created = document.webhooks['item.created'].post;
    expect(created.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const payload = created.requestBody.content['application/json'].schema;
    expect(payload.properties.type).toEqual({ type: 'string', const: 'item.created' });
    expect(payload.properties.data.required).toEqual(expect.arrayContaining(['uuid', 'name', 'created_at']));
  });

  it('serves the browsable docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
