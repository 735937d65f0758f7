// Plans with limits (docs/contract.md section 4), walked as a team owner does: the free plan's third seat is refused
// with the way to upgrade, checkout with the test card lifts the limit, and the meters show the new numbers.
import type { Page } from '@playwright/test';

import { expect, payWithTestCard, test, uniqueEmail } from '../fixtures.ts';

const usageCard = (page: Page) =>
  page.locator('[data-slot=card]', { has: page.getByRole('heading', { name: 'Plan usage' }) });

async function openTeamSettings(page: Page) {
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Settings' })).toBeVisible();
}

async function inviteFromDialog(page: Page, email: string) {
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Members' });
  await dialog.getByLabel('Email 1').fill(email);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('the free plan invites two people, then asks for an upgrade; after Starter the invite goes out', async ({
  page,
  signIn,
  pageChecks,
}) => {
  await signIn(undefined, { team: 'Seat Club' });
  await openTeamSettings(page);
  await inviteFromDialog(page, uniqueEmail());
  await inviteFromDialog(page, uniqueEmail());

  // The owner and two pending invitations fill the free plan's three seats.
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Members' });
  await expect(dialog.getByText('Your plan allows 3 members. Upgrade to add more.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send invitations' })).toHaveCount(0);
  await pageChecks.scanNow();
  await dialog.getByRole('link', { name: 'Upgrade' }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(usageCard(page).getByText('3 of 3 members')).toBeVisible();
  await expect(usageCard(page).getByRole('progressbar', { name: 'Members' })).toHaveAttribute(
    'aria-valuenow',
    '3',
  );
  await page
    .getByRole('group', { name: 'Starter' })
    .getByRole('button', { name: 'Upgrade to Starter' })
    .click();
  const popup = page.waitForEvent('popup');
  await page
    .getByRole('dialog', { name: 'Test mode' })
    .getByRole('button', { name: 'Continue to checkout' })
    .click();
  await payWithTestCard(await popup);

  // Back on the first tab, which reads the subscription and the usage again (headless tabs get no focus change).
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(usageCard(page).getByText('3 of 5 members')).toBeVisible();
  await expect(usageCard(page).getByText('0 of 1000 items')).toBeVisible();

  await openTeamSettings(page);
  await inviteFromDialog(page, uniqueEmail());
  await page.goto('/subscription');
  await expect(usageCard(page).getByText('4 of 5 members')).toBeVisible();
  await expect(usageCard(page).getByRole('progressbar', { name: 'Members' })).toHaveAttribute(
    'aria-valuenow',
    '4',
  );
});
