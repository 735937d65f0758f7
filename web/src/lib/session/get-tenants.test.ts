import { mockEndpoint } from '@/testing/mocks/endpoint';
import type { Tenant } from '@app/contract';
import { HttpResponse } from 'msw';
import { expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';

import { getTenants } from './get-tenants';

const team = (n: number): Tenant => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Team ${n}`,
  description: null,
  user_role: 'member',
});

it('reads every page of the user’s teams, following X-Next-Cursor', async () => {
  const cursors: (string | null)[] = [];
  server.use(
    mockEndpoint('listTenants', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      if (cursor === null) {
        return HttpResponse.json([team(1), team(2)], { headers: { 'X-Next-Cursor': 'page-2' } });
      }
      return HttpResponse.json([team(3)]);
    }),
  );
  expect((await getTenants()).map((t) => t.name)).toEqual(['Team 1', 'Team 2', 'Team 3']);
  expect(cursors).toEqual([null, 'page-2']);
});
