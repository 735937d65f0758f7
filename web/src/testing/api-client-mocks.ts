/** API answers shared by the API client's tests and the token refresh's (lib/session/refresh*.test.ts). */
import { mockEndpoint } from '@/testing/mocks/endpoint';
import { http, HttpResponse } from 'msw';

import { server } from './mocks/server';

/** Answers `path` with the headers the request carried. */
export function echoHeaders(path: string) {
  server.use(
    http.all(`/api${path}`, ({ request }) =>
      HttpResponse.json({
        authorization: request.headers.get('Authorization'),
        tenant: request.headers.get('X-TENANT-UUID'),
        accept: request.headers.get('Accept'),
      }),
    ),
  );
}

/** Answers /auth/refresh with the pair access-2 / refresh-2 and records what it was sent. */
export function countRefreshes() {
  const refreshes = { count: 0, bodies: [] as unknown[] };
  server.use(
    mockEndpoint('refreshSession', async ({ request }) => {
      refreshes.count += 1;
      refreshes.bodies.push(await request.json());
      return HttpResponse.json({ access_token: 'access-2', refresh_token: 'refresh-2' });
    }),
  );
  return refreshes;
}
