// The admin area: a super admin finds a team and its people and reads the feedback; nobody else gets in.
import { expect, SUPER_ADMIN_EMAIL, test } from '../fixtures.ts';

test('a super admin finds a team in /admin, opens its page and sees its users and its feedback', async ({
  page,
  signIn,
}) => {
  // A user with a team of their own sends feedback from /items.
  const team = `Mosaic ${crypto.randomUUID().slice(0, 8)}`;
  const { email } = await signIn(undefined, { team });
  await page.goto('/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
  await page.keyboard.press('f');
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByLabel('Your feedback').fill(`More colours please, from ${team}`);
  await dialog.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();

  await signIn(SUPER_ADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();

  // Other tests add teams too: the search finds this one.
  await page.getByRole('searchbox', { name: 'Search teams' }).fill(team);
  const teamLink = page.getByRole('link', { name: team });
  await expect(teamLink).toBeVisible();
  await expect(page.getByRole('row').filter({ has: teamLink })).toContainText('No Subscription');

  await page.getByRole('searchbox', { name: 'Search feedback' }).fill(email);
  const feedbackRow = page.getByRole('row').filter({ hasText: `More colours please, from ${team}` });
  await expect(feedbackRow).toContainText(email);
  await expect(feedbackRow).toContainText('/items');

  await teamLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Details' })).toBeVisible();
  await expect(page.getByText(team).first()).toBeVisible();
  const userRow = page.getByRole('row').filter({ hasText: email });
  await expect(userRow).toContainText('OWNER');
  await expect(userRow).toContainText('No');
  await expect(page.getByText('No active subscription')).toBeVisible();

  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('someone who is not a super admin typing /admin lands on /dashboard', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/admin');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to Acme');
  // The API refuses too: the page's guard is not the only wall.
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/super-admin/tenants', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return response.status;
  });
  expect(status).toBe(403);
});
