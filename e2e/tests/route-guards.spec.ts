// docs/spec.md section 2's route table, walked in a real browser: where a visitor lands, signed out and signed in.
import { expect, SUPER_ADMIN_EMAIL, test } from '../fixtures.ts';

const signedOutRedirects: [string, string][] = [
  ['/', '/register'],
  ['/dashboard', '/register'],
  ['/items', '/register'],
  ['/settings', '/register'],
  ['/team', '/register'],
  ['/subscription', '/register'],
  ['/members', '/register'],
  ['/admin', '/register'],
  ['/admin/tenants/7c9e6679-7425-40de-944b-e07fc1f90ae7', '/register'],
  ['/no/such/page', '/register'],
];

const openToVisitors: [string, string][] = [
  ['/login', 'Welcome Back'],
  ['/register', 'Create Account'],
  ['/forgot-password', 'Reset Password'],
  ['/reset-password?token=abc', 'Set New Password'],
  ['/verify-email', 'Email Verification'],
  ['/tenants/invitations/abc/accept', 'Invitation Error'],
];

test.describe('a signed-out visitor', () => {
  for (const [from, to] of signedOutRedirects) {
    test(`opening ${from} lands on ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    });
  }

  for (const [path, title] of openToVisitors) {
    test(`can open ${path} directly`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  }
});

test.describe('a signed-in user', () => {
  test('is sent from the sign-in pages to the dashboard', async ({ page, signIn }) => {
    await signIn();
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL('/dashboard');
    }
  });

  test('reaches the signed-in pages, /members via /settings', async ({ page, signIn }) => {
    await signIn();
    for (const path of ['/dashboard', '/items', '/settings', '/team', '/subscription']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
    }
    await page.goto('/members');
    await expect(page).toHaveURL('/settings');
  });

  test('who is not a super admin is sent from /admin to the dashboard', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/admin');
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/admin/tenants/7c9e6679-7425-40de-944b-e07fc1f90ae7');
    await expect(page).toHaveURL('/dashboard');
  });

  test('who is a super admin reaches /admin', async ({ page, signIn }) => {
    await signIn(SUPER_ADMIN_EMAIL);
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  });
});
