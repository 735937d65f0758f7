// The account itself (docs/contract.md section 4): moving it to another email through the link mailed there, and
// deleting it, after which it cannot sign in.
import type { Page } from '@playwright/test';

import { expect, test, uniqueEmail } from '../fixtures.ts';

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('changing the email: the link mailed to the new address switches it, and the new address signs in', async ({
  page,
  browser,
  baseURL,
  signIn,
  mailTo,
}) => {
  const { email, password } = await signIn();
  const newEmail = uniqueEmail();
  await page.goto('/settings');
  const card = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { level: 2, name: 'Email' }),
  });
  await expect(card).toContainText(email);
  await card.getByLabel('New email').fill(newEmail);
  await card.getByLabel('Current password').fill(password);
  await card.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(card.getByRole('status')).toContainText(`Check your inbox at ${newEmail}`);

  const notice = await mailTo(email);
  expect(notice.subject).toBe('Your Tessera email is about to change');
  expect(notice.text).toContain(newEmail);
  const mail = await mailTo(newEmail);
  expect(mail.link).toContain('/confirm-email-change?token=');

  await page.goto(mail.link);
  await expect(page.getByText(`Your email is now ${newEmail}`)).toBeVisible();
  // This browser stays signed in, under the new address.
  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page.locator('[data-slot="card"]').filter({ hasText: 'You sign in with' })).toContainText(
    newEmail,
  );

  // Another browser: the old address no longer signs in, the new one does with the same password.
  const context = await browser.newContext({ baseURL });
  const elsewhere = await context.newPage();
  await signInWithForm(elsewhere, email, password);
  await expect(elsewhere.getByRole('alert')).toContainText('Invalid email or password');
  await signInWithForm(elsewhere, newEmail, password);
  await expect(elsewhere).toHaveURL('/dashboard');
  await context.close();
});

test('deleting the account signs out, and its email and password no longer sign in', async ({
  page,
  signIn,
}) => {
  const { email, password } = await signIn();
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Current password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');

  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  await signInWithForm(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL('/login');
});
