// Passkeys end to end, with Chromium's virtual authenticator standing in for a fingerprint reader: one is added
// from Account → Passkeys, signs in from /login with no email or password, and once removed is listed no more.
import type { Page } from '@playwright/test';

import { expect, openSidebar, test } from '../fixtures.ts';

/** An authenticator that holds discoverable credentials and verifies its user without asking. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('a passkey added in Account → Passkeys signs in from /login, and can be removed', async ({
  page,
  signIn,
}) => {
  await addVirtualAuthenticator(page);
  // Passkeys ask for a verified address.
  const { email } = await signIn(undefined, { verified: true });

  await page.goto('/settings');
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Passkeys' }) });
  await expect(card.getByText('No passkeys yet')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(
    card.getByRole('status').filter({ hasText: /^Added the passkey “Chrome on Linux”\.$/ }),
  ).toBeVisible();
  const items = card.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Chrome on Linux');
  await expect(items.first()).toContainText('Never used');

  await openSidebar(page);
  await page.getByRole('button', { name: new RegExp(email) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/settings');
  await expect(items.first()).toContainText('Last used');
  await card.getByRole('button', { name: 'Remove passkey Chrome on Linux' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(
    card.getByRole('status').filter({ hasText: 'Removed the passkey “Chrome on Linux”.' }),
  ).toBeVisible();
  await expect(card.getByText('No passkeys yet')).toBeVisible();
});

test('a passkey the account no longer has is refused at sign-in, with a message', async ({
  page,
  signIn,
}) => {
  await addVirtualAuthenticator(page);
  await signIn(undefined, { verified: true });
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('button', { name: 'Remove passkey Chrome on Linux' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove this passkey?' })
    .getByRole('button', { name: 'Remove passkey' })
    .click();
  await expect(page.getByText('No passkeys yet')).toBeVisible();

  // The authenticator still holds the credential the server forgot.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This passkey is not registered. Sign in another way.' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
});
