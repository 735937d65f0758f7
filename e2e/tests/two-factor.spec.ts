// Two-factor authentication end to end: turned on from Account with the key the page shows (the QR code's secret),
// recovery codes shown once, then a sign-in on another device asks for the code, and a recovery code works once.
import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { expect, test } from '../fixtures.ts';

/** The authenticator app: the code of the step after the current one, which the server's window still accepts and
 * which no earlier code (the one that turned two-factor on) has used. */
const nextCode = (secret: string, steps = 1) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function signInElsewhere(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/login/two-factor');
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
  return page;
}

/** Turns two-factor on from /settings as a user would; answers the key and the recovery codes the page showed. */
async function turnOnTwoFactor(page: Page) {
  await page.goto('/settings');
  const card = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { level: 2, name: /Two-factor authentication/ }),
  });
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.locator('code').innerText()).replace(/\s/g, '');
  await card.getByLabel('Authentication code').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('Invalid code')).toBeVisible();
  await card.getByLabel('Authentication code').fill(nextCode(secret, 0));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('tessera-recovery-codes.txt');
  await card.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  return { secret, recoveryCodes };
}

test('turning on two-factor, then signing in with the authenticator code and with a recovery code', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  // Two-factor asks for a verified address.
  const { email, password } = await signIn(undefined, { verified: true });
  const { secret, recoveryCodes } = await turnOnTwoFactor(page);

  const laptop = await signInElsewhere(browser, baseURL!, email, password);
  await laptop.getByLabel('Authentication code').fill('000000');
  await laptop.getByRole('button', { name: 'Verify' }).click();
  await expect(laptop.getByText('Invalid code')).toBeVisible();
  await laptop.getByLabel('Authentication code').fill(nextCode(secret));
  await laptop.getByRole('button', { name: 'Verify' }).click();
  await expect(laptop).toHaveURL('/dashboard');
  await laptop.context().close();

  const phone = await signInElsewhere(browser, baseURL!, email, password);
  await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await phone.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(phone).toHaveURL('/dashboard');
  await phone.context().close();

  // The same recovery code never works twice.
  const again = await signInElsewhere(browser, baseURL!, email, password);
  await again.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await again.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(again.getByText('Invalid code')).toBeVisible();
  await again.context().close();
});
