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
    const { paths } = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const createItem = paths['/api/items/'].post;
    expect(createItem.tags).toEqual(['Items']);
    expect(createItem.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(createItem.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '422', '500']),
    );
    expect(createItem.operationId).toBe('createItem');
    // A public route says it needs nothing.
    const login = paths['/api/auth/login'].post;
    expect(login.tags).toEqual(['Auth']);
    expect(login.security).toEqual([]);
    expect(login.responses).toHaveProperty('429');
  });

  it('serves the browsable docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
