// The dashboard's data loads in one round of parallel requests, not a waterfall. A returning user's team
// is known from storage, so its details and subscription are requested beside the list of teams and the account,
// not after them.
import type { Request } from '@playwright/test';

import { expect, test } from '../fixtures.ts';

/** What the page shows at every width; wide screens also show the plan (the subscription) in the sidebar. */
const DASHBOARD_CALLS = ['/api/auth/me', '/api/tenants', '/api/tenant', '/api/tenant/usage'];

test('a returning user’s dashboard requests its data in one round', async ({ page, signIn }) => {
  await signIn(undefined, { team: 'Parallel Co' });
  await page.goto('/dashboard');
  // Only the reload below is observed: the first load also fetches the page's code.
  await expect(page.getByText('Access to Parallel Co as Owner.')).toBeVisible();
  // Reloaded: each call's start and end, in the order the browser saw them; only calls of the reloaded page.
  const events: string[] = [];
  const recorded = new Set<Request>();
  const pathOf = (request: Request) => new URL(request.url()).pathname.replace(/\/$/, '');
  page.on('request', (request) => {
    recorded.add(request);
    events.push(`start ${pathOf(request)}`);
  });
  page.on('requestfinished', (request) => {
    if (recorded.has(request)) events.push(`end ${pathOf(request)}`);
  });
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByText('Access to Parallel Co as Owner.')).toBeVisible();

  const api = events.filter((event) => / \/api\//.test(event));
  const log = api.join(', ');
  for (const call of DASHBOARD_CALLS) expect(api, log).toContain(`start ${call}`);
  // Every call of the page went out before any answer came back: none waited for another's result.
  const lastStart = api.findLastIndex((event) => event.startsWith('start '));
  const firstEnd = api.findIndex((event) => event.startsWith('end '));
  expect(lastStart, log).toBeLessThan(firstEnd);
});
