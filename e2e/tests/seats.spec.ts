// Per-seat billing (docs/contract.md section 4), walked as a team owner does: Business bought monthly with the test
// card, an invitation that says what the seat will cost, the invitee joining, and the seats, the next invoice and the
// invoices' lines (on the page and in the PDF) that follow.
import type { Page } from '@playwright/test';

import { pdfText } from '../../server/test/pdf-text.ts';
import { downloadedInvoicePdf, expect, payWithTestCard, test, uniqueEmail } from '../fixtures.ts';

const card = (page: Page, heading: string) =>
  page.locator('[data-slot=card]', { has: page.getByRole('heading', { level: 2, name: heading }) });

test('a Business team sees what a seat costs before inviting, then the seats, the next invoice and the lines', async ({
  page,
  browser,
  signIn,
  mailTo,
  pageChecks,
}) => {
  await signIn(undefined, { team: 'Seat Makers' });

  // Business, billed monthly, paid with the test card in the checkout tab: one seat, the owner's.
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await page.getByRole('radio', { name: 'Monthly' }).click();
  const business = page.getByRole('group', { name: 'Business' });
  await expect(business).toContainText('$99 per member / month');
  await business.getByRole('button', { name: 'Upgrade to Business' }).click();
  const popup = page.waitForEvent('popup');
  await page
    .getByRole('dialog', { name: 'Test mode' })
    .getByRole('button', { name: 'Continue to checkout' })
    .click();
  const checkout = await popup;
  const summary = checkout.getByRole('region', { name: 'Subscribe to Tessera Business' });
  await expect(summary.getByText('1 seat × $99.00')).toBeVisible();
  await payWithTestCard(checkout);

  // The invite dialog says what the invitation adds before it is sent.
  await page.bringToFront();
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Members' });
  await expect(dialog.getByText('Adds 1 seat: $99.00 a month', { exact: true })).toBeVisible();
  await pageChecks.scanNow();
  const invitee = uniqueEmail();
  await dialog.getByLabel('Email 1').fill(invitee);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The invitee accepts from the mailed link, in a browser of their own, and joins: a second seat.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.97.0.1' } });
  const guest = await context.newPage();
  await guest.goto((await mailTo(invitee)).link);
  await expect(guest.getByRole('heading', { name: 'Welcome to Seat Makers!' })).toBeVisible();
  await guest.getByLabel('Password', { exact: true }).fill('the invitee password');
  await guest.getByLabel('Confirm password').fill('the invitee password');
  await guest.getByRole('button', { name: 'Set password' }).click();
  await expect(guest.getByText('Your password is set.')).toBeVisible();
  await context.close();

  await page.goto('/subscription');
  await expect(
    card(page, 'Current subscription').getByText('2 seats × $99.00 = $198.00 a month', { exact: true }),
  ).toBeVisible();
  const nextInvoice = card(page, 'Next invoice');
  const upcomingLines = nextInvoice.getByRole('table', { name: 'Lines of the next invoice' });
  await expect(upcomingLines.getByRole('row').filter({ hasText: '1 seat added' })).toHaveCount(1);
  await expect(
    upcomingLines.getByRole('row').filter({ hasText: /Business plan \(monthly\), / }),
  ).toContainText('$198.00');

  // The first invoice's lines, on the page behind their disclosure, and in its PDF.
  const history = card(page, 'Billing history');
  const invoiceRow = history.getByRole('row').nth(1);
  await invoiceRow.getByRole('button', { name: /^Show lines of invoice / }).click();
  await expect(invoiceRow.getByRole('button', { name: /^Hide lines of invoice / })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const lines = history.getByRole('table', { name: /^Lines of invoice / });
  await expect(lines.getByRole('row').filter({ hasText: 'Business plan (monthly)' })).toContainText('$99.00');
  await pageChecks.scanNow();

  const pdf = await downloadedInvoicePdf(page, invoiceRow);
  expect((await pdfText(pdf)).text).toContain('Business plan (monthly)');
});
