// No open redirect in the web app: no page reads a "where next" parameter, a path that names another host stays in
// the app, and the pages that send the user on (sign-in, sign-out, guards, checkout and portal) name fixed paths.
// The server's redirects are enumerated in server/test/redirects.test.ts.
import type { Page } from '@playwright/test';

import { expect as baseExpect, openSidebar, test } from '../fixtures.ts';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** The usual names for "where to go next", each pointing elsewhere. */
const ELSEWHERE =
  '?next=https://evil.example/&redirect=//evil.example/&redirect_uri=https://evil.example/' +
  '&returnTo=https://evil.example/&return_to=/%5Cevil.example/&continue=https://evil.example/';

/** Every request the page makes to another host; none is answered. */
async function watchOtherHosts(page: Page, baseURL: string): Promise<string[]> {
  const requested: string[] = [];
  await page.route(
    (url) => url.host !== new URL(baseURL).host,
    (route) => {
      requested.push(route.request().url());
      return route.abort();
    },
  );
  return requested;
}

test('signing in and out with redirect parameters pointing elsewhere stays on fixed paths of the app', async ({
  page,
  signIn,
  baseURL,
}) => {
  const elsewhere = await watchOtherHosts(page, baseURL!);
  const { email, password } = await signIn();
  await page.evaluate(() => localStorage.clear());

  await page.goto(`/login${ELSEWHERE}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);

  // Signed in, the guest pages and / send the user to the dashboard, whatever the query says.
  for (const path of ['/login', '/register', '/forgot-password', '/reset-password', '/']) {
    await page.goto(`${path}${ELSEWHERE}`);
    await expect(page).toHaveURL(`${baseURL}/dashboard`);
  }
  await page.goto(`/members${ELSEWHERE}`);
  await expect(page).toHaveURL(`${baseURL}/settings`);

  await openSidebar(page);
  await page.getByRole('button', { name: new RegExp(email) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseURL}/login`);
  await page.goto(`/dashboard${ELSEWHERE}`);
  await expect(page).toHaveURL(`${baseURL}/register`);
  expect(elsewhere).toEqual([]);
});

test('a path that names another host, typed or linked, stays in the app', async ({ page, baseURL }) => {
  const elsewhere = await watchOtherHosts(page, baseURL!);
  // Written onto the origin as they are: page.goto would resolve //host against the base URL to that host.
  for (const path of [
    '//evil.example/',
    '///evil.example/',
    '/\\evil.example/',
    '/%5Cevil.example/',
    '/%2F%2Fevil.example/',
    '/https://evil.example/',
  ]) {
    await page.goto(`${baseURL}${path}`);
    await expect(page, path).toHaveURL(`${baseURL}/register`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  }
  expect(elsewhere).toEqual([]);
});

test('checkout and the billing portal link back to /subscription, whatever their address holds', async ({
  page,
  signIn,
  baseURL,
}) => {
  const elsewhere = await watchOtherHosts(page, baseURL!);
  await signIn();
  await page.goto(`/billing/checkout/${encodeURIComponent('https://evil.example/')}${ELSEWHERE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to subscription' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await expect(page.getByRole('link', { name: 'Return to Tessera' })).toHaveAttribute(
    'href',
    '/subscription',
  );

  await page.goto(
    `/billing/portal?tenant=${encodeURIComponent('https://evil.example/')}&${ELSEWHERE.slice(1)}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Billing portal' })).toBeVisible();
  const back = page.getByRole('link', { name: 'Back to subscription' });
  await expect(back).toHaveAttribute('href', '/subscription');
  await back.click();
  await expect(page).toHaveURL(`${baseURL}/subscription`);
  expect(elsewhere).toEqual([]);
});
