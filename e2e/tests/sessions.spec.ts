// Where an account is signed in: a second device shows up in Account → Sessions, and signing it out from here ends
// it at once, there; "Sign out all other sessions" does the same for every other device.
import type { Browser, Page } from '@playwright/test';

import { expect, test } from '../fixtures.ts';

/** Another device: a browser context of its own, signed in through the login form. */
async function signInElsewhere(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  return page;
}

/** The device is signed out once its next call finds its session ended: the refresh fails and /login opens. */
async function expectSignedOut(device: Page) {
  await device.goto('/settings');
  await expect(device).toHaveURL('/login');
}

const sessionsList = (page: Page) => page.getByRole('list', { name: 'Sessions' });

test('signing out another device from Account → Sessions ends its session there at once', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  const { email, password } = await signIn();
  const laptop = await signInElsewhere(browser, baseURL!, email, password);

  await page.goto('/settings');
  const items = sessionsList(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
  // Both browsers are the same Chromium here: the other one is the row without the badge.
  const other = items.filter({ hasNotText: 'This device' });
  await expect(other).toContainText(/Chrome on Linux/);
  await expect(other).toContainText('Last active');

  await other.getByRole('button', { name: /^Sign out Chrome on Linux/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signed out of Chrome on Linux.' })).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();

  await expectSignedOut(laptop);
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Sessions' })).toBeVisible();
  await laptop.context().close();
});

test('"Sign out all other sessions" ends every other device and keeps this one', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  const { email, password } = await signIn();
  const devices = [
    await signInElsewhere(browser, baseURL!, email, password),
    await signInElsewhere(browser, baseURL!, email, password),
  ];

  await page.goto('/settings');
  await expect(sessionsList(page).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out all other sessions?' });
  await dialog.getByRole('button', { name: 'Sign out others' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Signed out of all other sessions.' }),
  ).toBeVisible();
  await expect(sessionsList(page).getByRole('listitem')).toHaveCount(1);

  for (const device of devices) {
    await expectSignedOut(device);
    await device.context().close();
  }
  await page.reload();
  await expect(sessionsList(page).getByRole('listitem')).toHaveCount(1);
});
