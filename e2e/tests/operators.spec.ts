// The operators' console (docs/contract.md section 4, Operators): the figures and sign-ups chart on /admin, finding an
// account, suspending it (its sign-in refused) and lifting that, and viewing the app as it, then stopping.
import type { Locator, Page } from '@playwright/test';

import {
  expect,
  openSidebar,
  SUPER_ADMIN_EMAIL,
  TEAMLESS_SUPER_ADMIN_EMAIL,
  test,
  uniqueEmail,
} from '../fixtures.ts';

const card = (page: Page, heading: string): Locator =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { level: 2, name: heading }) });

/** As the super admin: finds `email` on /admin/users and opens its page; answers the page's URL. */
async function openUserPage(page: Page, email: string) {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // Other tests add accounts too: the search finds this one.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const link = page.getByRole('link', { name: email, exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'User' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  return page.url();
}

/** The operator audit's row recording `action` (its label) on `email`. */
const auditRow = (page: Page, email: string, action: string) =>
  card(page, 'Operator audit')
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('cell', { name: action, exact: true }) });

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('/admin shows the figures and the sign-ups chart, with the same figures as a table', async ({
  page,
  signIn,
}) => {
  // Someone signs up today, so today's bar is not empty.
  await signIn();
  await signIn(SUPER_ADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const figures = page.locator('dl').filter({ has: page.getByText('Active subscriptions') });
  for (const label of ['Teams', 'Users', 'Verified users', 'Active subscriptions', 'MRR']) {
    await expect(figures.getByText(label, { exact: true })).toBeVisible();
  }

  const chart = card(page, 'Sign-ups, last 30 days');
  await expect(chart.locator('svg[aria-hidden="true"] rect')).toHaveCount(30);
  await chart.getByText('Show as table').click();
  const table = chart.getByRole('table', { name: 'Sign-ups, last 30 days' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(31);
  // Oldest first: the last row is today, with at least the sign-up above.
  const today = table.getByRole('row').last().getByRole('cell').last();
  await expect(today).not.toHaveText('0');

  await expect(card(page, 'Operator audit')).toBeVisible();
  // The sub-navigation leads to the users.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('a super admin searches an account, opens its page and sees its team', async ({ page, signIn }) => {
  const team = `Mosaic ${crypto.randomUUID().slice(0, 8)}`;
  const { email } = await signIn(undefined, { team });
  await signIn(SUPER_ADMIN_EMAIL);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: email, exact: true }) });
  await expect(row).toContainText('Unverified');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');

  await page.getByRole('searchbox', { name: 'Search users' }).fill(`nobody-${crypto.randomUUID()}`);
  await expect(page.getByText('No users match your search')).toBeVisible();

  await openUserPage(page, email);
  await expect(card(page, 'Account')).toContainText(email);
  const teamLink = card(page, 'Teams').getByRole('link', { name: team });
  await expect(teamLink).toHaveAttribute('href', /^\/admin\/tenants\/[0-9a-f-]{36}$/);
  await teamLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Details' })).toBeVisible();
});

test('suspending an account refuses its sign-in with "Account suspended"; unsuspending lets it back', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  const { email, password } = await signIn();
  await signIn(SUPER_ADMIN_EMAIL);
  await openUserPage(page, email);

  const actions = card(page, 'Operator actions');
  await actions.getByRole('button', { name: 'Suspend' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Suspend account' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(actions.getByRole('button', { name: 'Unsuspend' })).toBeVisible();
  await expect(card(page, 'Account').getByText('Suspended', { exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'View as' })).toBeDisabled();

  const context = await browser.newContext({ baseURL });
  const elsewhere = await context.newPage();
  await signInWithForm(elsewhere, email, password);
  await expect(elsewhere.getByRole('alert')).toContainText('Account suspended');

  await actions.getByRole('button', { name: 'Unsuspend' }).click();
  await page
    .getByRole('alertdialog', { name: 'Unsuspend account' })
    .getByRole('button', { name: 'Unsuspend' })
    .click();
  await expect(actions.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await expect(card(page, 'Account').getByText('Suspended', { exact: true })).toHaveCount(0);

  await signInWithForm(elsewhere, email, password);
  await expect(elsewhere).toHaveURL('/dashboard');
  await context.close();

  // Both are on the operators' record.
  await page.goto('/admin');
  await expect(auditRow(page, email, 'Suspended')).toBeVisible();
  await expect(auditRow(page, email, 'Unsuspended')).toBeVisible();
});

test('View as shows "Viewing as {email}" on the dashboard; Stop returns to the account\'s page as the operator', async ({
  page,
  signIn,
}) => {
  const team = `Mosaic ${crypto.randomUUID().slice(0, 8)}`;
  const { email } = await signIn(undefined, { team });
  await signIn(SUPER_ADMIN_EMAIL);
  const userPage = await openUserPage(page, email);

  await card(page, 'Operator actions').getByRole('button', { name: 'View as' }).click();
  await expect(page).toHaveURL('/dashboard');
  const banner = page.getByRole('region', { name: 'Viewing as another account' });
  await expect(banner.getByText(`Viewing as ${email}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Welcome to ${team}`);

  // The view survives a reload, and offers no way into the admin area.
  await page.reload();
  await expect(banner.getByText(`Viewing as ${email}`)).toBeVisible();
  await openSidebar(page);
  await page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) }).click();
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page).toHaveURL('/dashboard');

  const stop = banner.getByRole('button', { name: 'Stop' });
  await stop.focus();
  await expect(stop).toBeFocused();
  await stop.click();
  await expect(page).toHaveURL(userPage);
  await expect(page.getByRole('heading', { level: 1, name: 'User' })).toBeVisible();
  await expect(card(page, 'Account')).toContainText(email);
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBe(SUPER_ADMIN_EMAIL);
  expect(await page.evaluate(() => localStorage.getItem('operatorSession'))).toBeNull();

  await page.goto('/admin');
  await expect(auditRow(page, email, 'Started viewing as')).toBeVisible();
  await expect(auditRow(page, email, 'Stopped viewing as')).toBeVisible();
});

test.describe('an operator without a team (issue 41)', () => {
  // The console's pages, with the team switcher open too, are held to moderate axe findings as well.
  test.use({ axeImpacts: ['moderate', 'serious', 'critical'] });

  test('uses /admin, /admin/users and a team’s page with no dialog in the way, and is offered a team without being made to', async ({
    page,
    signIn,
    pageChecks,
  }) => {
    // Someone else's team, for its operator page.
    const owner = await page.request.post('/api/auth/register', {
      data: { email: uniqueEmail(), password: 'a long enough password' },
    });
    const team = await page.request.post('/api/tenants', {
      headers: { authorization: `Bearer ${(await owner.json()).access_token}` },
      data: { name: 'Someone Else’s Team' },
    });
    const teamUuid = (await team.json()).uuid as string;
    await signIn(TEAMLESS_SUPER_ADMIN_EMAIL, { team: false });

    for (const [path, heading] of [
      ['/admin', 'Admin'],
      ['/admin/users', 'Users'],
      [`/admin/tenants/${teamUuid}`, 'Tenant Details'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await pageChecks.scanNow();
    }

    // The switcher says there is no team and offers one; open, it is inside the sidebar's landmark.
    await openSidebar(page);
    const switcher = page.getByRole('button', { name: /^Current team:/ });
    await expect(switcher).toContainText('No teams available');
    await switcher.click();
    const create = page.getByRole('menuitem', { name: 'Create New Team' });
    await expect(create).toBeVisible();
    await pageChecks.scanNow();
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create New Team' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Tenant Details' })).toBeVisible();

    // Outside the console the first-team dialog is as it is for everyone who needs a team.
    await page.goto('/dashboard');
    await expect(page.getByRole('dialog', { name: 'Welcome to Tessera!' })).toBeVisible();
  });
});
