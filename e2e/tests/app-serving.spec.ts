// What the one Node process serves to a browser: deep links, cache headers, the API's health and docs.
import { expect, test } from '../fixtures.ts';

test('a deep link loads the app, with hashed assets cached for good and the page revalidated', async ({
  page,
}) => {
  const assetCaching: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      assetCaching.push(response.headers()['cache-control'] ?? '');
    }
  });
  const response = await page.goto('/tenants/invitations/some-token/accept');
  expect(response?.headers()['cache-control']).toBe('no-cache');
  // Compressed at build, like every script (docs/decisions/010).
  expect(response?.headers()['content-encoding']).toBe('br');
  expect(response?.headers()['vary']).toMatch(/accept-encoding/i);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation Error' })).toBeVisible();
  expect(assetCaching.length).toBeGreaterThan(0);
  expect(new Set(assetCaching)).toEqual(new Set(['public, max-age=31536000, immutable']));
});

test('the API answers health and serves its browsable docs', async ({ page, request }) => {
  for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) {
    expect(await (await request.get(url)).json()).toEqual({ status: 'ok' });
  }
  const missing = await request.get('/api/no-such-endpoint');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({
    detail: 'Not found: GET /api/no-such-endpoint',
    code: 'unknown_path',
    params: { method: 'GET', path: '/api/no-such-endpoint' },
  });

  await page.goto('/api/docs');
  await expect(page.getByText('Tessera API')).toBeVisible();
  for (const path of ['/api/health', '/api/health/live', '/api/health/ready']) {
    await expect(page.getByRole('link', { name: path, exact: true })).toBeVisible();
  }
});
