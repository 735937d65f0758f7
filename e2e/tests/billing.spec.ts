// Billing with the built-in test-mode provider, walked as a team admin does: the plan picker, checkout in a new tab
// with the test card, the billing portal, invoices as PDF files; and what a member may see.
import type { APIRequestContext, Page } from '@playwright/test';

import { downloadedInvoicePdf, expect, openSidebar, test, uniqueEmail } from '../fixtures.ts';

type Plan = { id: string; name: string; currency: string; price_monthly: number; price_annual: number };
type Subscription = { current_period_end: string; plan_id: string; status: string };

/** The signed-in session of the page, for API calls made on the user's behalf. */
async function apiAs(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const authorization = `Bearer ${token}`;
  const [team] = await (await page.request.get('/api/tenants', { headers: { authorization } })).json();
  return { headers: { authorization, 'x-tenant-uuid': team.uuid as string }, teamUuid: team.uuid as string };
}

/** Subscribes the page's team through the API, as the checkout page would (the UI journey is tested below). */
async function subscribe(page: Page, planId = 'pro', interval = 'annual'): Promise<Subscription> {
  const { headers } = await apiAs(page);
  const checkout = await page.request.post('/api/payments/checkout', {
    headers,
    data: { plan_id: planId, billing_interval: interval },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const sessionId = ((await checkout.json()).url as string).split('/').pop();
  const paid = await page.request.post(`/api/payments/local/checkout/${sessionId}/pay`, {
    headers,
    data: { card_number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return paid.json();
}

async function plansOf(request: APIRequestContext, page: Page): Promise<Plan[]> {
  const { headers } = await apiAs(page);
  return (await request.get('/api/payments/plans', { headers })).json();
}

/** The dates of docs/spec.md section 4 ('Renews on March 14, 2027'), as the browser formats them. */
const longDate = (page: Page, iso: string) =>
  page.evaluate(
    (value) =>
      new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
        new Date(value),
      ),
    iso,
  );

const money = (minor: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    trailingZeroDisplay: 'stripIfInteger',
  }).format(minor / 100);

/** What the browser tells a tab the user comes back to; headless tabs never lose focus, so it is sent here. */
const returnTo = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

const currentCard = (page: Page) =>
  page.locator('[data-slot=card]', { has: page.getByRole('heading', { name: 'Current subscription' }) });
const historyCard = (page: Page) =>
  page.locator('[data-slot=card]', { has: page.getByRole('heading', { name: 'Billing history' }) });

async function openSubscription(page: Page) {
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pro' })).toBeVisible();
}

/** Whether the shell offers 'Upgrade Plan' and which plan the user menu names (the drawer, on a phone). */
async function expectShell(page: Page, { upgrade, plan }: { upgrade: boolean; plan: string }) {
  await openSidebar(page);
  const sidebar = page
    .getByRole('dialog', { name: 'Navigation' })
    .or(page.getByRole('complementary', { name: 'Sidebar' }));
  await expect(sidebar.getByRole('button', { name: new RegExp(plan) })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(upgrade ? 1 : 0);
  // Closes the drawer on a phone; nothing to close on a wide screen.
  await page.keyboard.press('Escape');
}

test('upgrading with the test card makes the team active, hides Upgrade Plan and lists a PDF invoice', async ({
  page,
  signIn,
  pageChecks,
}) => {
  await signIn(undefined, { team: 'Rocket Club' });
  await openSubscription(page);
  await expect(currentCard(page).getByText('No Subscription')).toBeVisible();
  await expect(historyCard(page).getByText('No Invoices')).toBeVisible();
  await expectShell(page, { upgrade: true, plan: 'Free Plan' });

  await page.getByRole('group', { name: 'Pro' }).getByRole('button', { name: 'Upgrade to Pro' }).click();
  const testMode = page.getByRole('dialog', { name: 'Test mode' });
  await expect(testMode.getByText('4242 4242 4242 4242')).toBeVisible();
  await expect(testMode.getByText('Any future date')).toBeVisible();
  await expect(testMode.getByText('Any 3 digits')).toBeVisible();
  await pageChecks.scanNow();
  const popup = page.waitForEvent('popup');
  await testMode.getByRole('button', { name: 'Continue to checkout' }).click();

  // Checkout runs in its own tab; this one stays on the plans.
  const checkout = await popup;
  await expect(checkout).toHaveURL(/\/billing\/checkout\/[0-9a-f-]+$/);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Subscribe to Tessera Pro' })).toBeVisible();
  await expect(checkout.getByText('Rocket Club')).toBeVisible();
  await checkout.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await expect(checkout.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  await checkout.getByRole('textbox', { name: 'Expiry date' }).fill('1240');
  await expect(checkout.getByRole('textbox', { name: 'Expiry date' })).toHaveValue('12 / 40');
  await checkout.getByRole('textbox', { name: 'CVC' }).fill('123');
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await checkout.close();

  // Back on the first tab, which reads the subscription again when the user returns to it. Headless Chromium
  // moves no window focus between tabs, so the page gets the event a browser sends on that return.
  await page.bringToFront();
  await returnTo(page);
  const { headers } = await apiAs(page);
  const subscription: Subscription = await (
    await page.request.get('/api/payments/subscription', { headers })
  ).json();
  await expect(currentCard(page).getByText('Active', { exact: true })).toBeVisible();
  await expect(
    currentCard(page).getByText(`Renews on ${await longDate(page, subscription.current_period_end)}`),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Pro' }).getByRole('button', { name: 'Current plan' }),
  ).toBeDisabled();
  await expectShell(page, { upgrade: false, plan: 'pro' });

  const invoiceRow = historyCard(page).getByRole('row').nth(1);
  await expect(invoiceRow.getByRole('cell', { name: 'Paid' })).toBeVisible();
  await downloadedInvoicePdf(page, invoiceRow);
});

test('the checkout page checks the card inline, shows a declined card, then pays', async ({
  page,
  signIn,
  pageChecks,
}) => {
  await signIn();
  const { headers } = await apiAs(page);
  const started = await page.request.post('/api/payments/checkout', {
    headers,
    data: { plan_id: 'starter', billing_interval: 'monthly' },
  });
  await page.goto((await started.json()).url);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Tessera Starter' })).toBeVisible();

  const pay = page.getByRole('button', { name: /^Pay / });
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry date' }).fill('0120');
  await page.getByRole('textbox', { name: 'CVC' }).fill('12');
  await pay.click();
  await expect(page.getByText('Your card number is incomplete')).toBeVisible();
  await expect(page.getByText('Your card’s expiration date is in the past')).toBeVisible();
  await expect(page.getByText('Your card’s security code is incomplete')).toBeVisible();
  await pageChecks.scanNow();

  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
  await page.getByRole('textbox', { name: 'Expiry date' }).fill('12 / 40');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText(/declined/);
  await expect(pay).toBeEnabled();
  // Nothing was bought.
  expect((await page.request.get('/api/payments/subscription', { headers })).status()).toBe(404);
  await pageChecks.scanNow();

  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('now on the Starter plan, billed monthly');
  await pageChecks.scanNow();
  await page.getByRole('link', { name: 'Back to subscription' }).click();
  await expect(currentCard(page).getByText('Active', { exact: true })).toBeVisible();
  await expect(historyCard(page).getByRole('cell', { name: 'Paid' })).toBeVisible();
});

test("cancelling at period end says 'Cancels on {date}', resuming says 'Renews on {date}'", async ({
  page,
  signIn,
}) => {
  await signIn();
  const { current_period_end } = await subscribe(page);
  const periodEnd = await longDate(page, current_period_end);
  await openSubscription(page);
  await expect(currentCard(page).getByText(`Renews on ${periodEnd}`)).toBeVisible();

  const opened = page.waitForEvent('popup');
  await currentCard(page)
    .getByRole('button', { name: /Manage billing/ })
    .click();
  const portal = await opened;
  await expect(portal.getByRole('heading', { level: 1, name: 'Billing portal' })).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = portal.getByRole('alertdialog', { name: 'Cancel subscription?' });
  await expect(confirm).toContainText(`at the end of the current billing period, on ${periodEnd}`);
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(portal.getByText(`Cancels on ${periodEnd}`, { exact: true })).toBeVisible();

  await page.bringToFront();
  await returnTo(page);
  await expect(currentCard(page).getByText(`Cancels on ${periodEnd}`)).toBeVisible();
  // Still paid until then.
  await expectShell(page, { upgrade: false, plan: 'pro' });

  await portal.bringToFront();
  await portal.getByRole('button', { name: 'Resume subscription' }).click();
  await portal.getByRole('alertdialog').getByRole('button', { name: 'Resume subscription' }).click();
  await expect(portal.getByText(`Renews on ${periodEnd}`, { exact: true })).toBeVisible();
  await portal.close();

  await page.bringToFront();
  await returnTo(page);
  await expect(currentCard(page).getByText(`Renews on ${periodEnd}`)).toBeVisible();
});

test('the billing portal switches plan and interval at once, with a new invoice', async ({
  page,
  signIn,
  pageChecks,
}) => {
  await signIn();
  await subscribe(page, 'starter', 'monthly');
  const { teamUuid } = await apiAs(page);
  await page.goto(`/billing/portal?tenant=${teamUuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing portal' })).toBeVisible();
  const change = page.locator('[data-slot=card]', {
    has: page.getByRole('heading', { name: 'Change plan' }),
  });
  await change.getByRole('radio', { name: /Business/ }).click();
  await change.getByRole('radio', { name: /Annual/ }).click();
  await change.getByRole('button', { name: 'Switch to Business, billed annually' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Switch to Business?' });
  await expect(confirm).toContainText('takes effect immediately');
  await pageChecks.scanNow();
  await confirm.getByRole('button', { name: 'Switch plan' }).click();
  await expect(change.getByText(/Your team is now on Business, billed annually/)).toBeVisible();
  await expect(historyCard(page).getByRole('row')).toHaveCount(3);

  await openSubscription(page);
  await expect(currentCard(page).getByText('Business', { exact: true })).toBeVisible();
  // Business is per seat (docs/contract.md section 4): the card shows what the seats come to, a year.
  await expect(currentCard(page).getByText('1 seat × $594.00 = $594.00 a year')).toBeVisible();
});

test('the monthly/annual toggle shows each price', async ({ page, signIn, request }) => {
  await signIn();
  const plans = await plansOf(request, page);
  const pro = plans.find(({ id }) => id === 'pro')!;
  await openSubscription(page);
  const card = page.getByRole('group', { name: pro.name });
  await expect(page.getByRole('radio', { name: /Annual/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Annual/ })).toContainText('Save 50%');
  await expect(card).toContainText(`${money(Math.round(pro.price_annual / 12))}/month`);
  await expect(card).toContainText(`billed ${money(pro.price_annual)} annually`);

  await page.getByRole('radio', { name: 'Monthly' }).click();
  await expect(card).toContainText(`${money(pro.price_monthly)}/month`);
  await expect(card).toContainText('billed monthly');
  await expect(card).not.toContainText('annually');
});

test('a member sees the plans, the subscription and the invoices, and no button to change them', async ({
  page,
  signIn,
  mailTo,
}) => {
  await signIn();
  const { current_period_end } = await subscribe(page);
  const { headers } = await apiAs(page);
  const member = uniqueEmail();
  await page.request.post('/api/invite', { headers, data: { email: member, role: 'member' } });
  const accepted = await page.request.get(
    (await mailTo(member)).link.replace(/^.*\/tenants\/invitations\//, '/api/invitations/'),
  );
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const session = await accepted.json();
  await page.evaluate((tokens) => {
    localStorage.clear();
    localStorage.setItem('accessToken', tokens.access_token);
    localStorage.setItem('refreshToken', tokens.refresh_token);
    localStorage.setItem('userEmail', tokens.email);
  }, session);

  await openSubscription(page);
  await expect(
    currentCard(page).getByText(`Renews on ${await longDate(page, current_period_end)}`),
  ).toBeVisible();
  await expect(historyCard(page).getByRole('cell', { name: 'Paid' })).toBeVisible();
  await expect(page.getByText('Only the owner and administrators can change the plan.')).toBeVisible();
  for (const name of [/Upgrade to/, /Switch to/, /Manage billing/, /Download/, /Current plan/]) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
});
