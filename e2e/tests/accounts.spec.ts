// A person's account, walked in the browser: sign up, verify by mail, sign out and in, reset a forgotten
// password, and a session that outlives its access token in two tabs.
import type { Page } from '@playwright/test';

import { expect, openSidebar, test, uniqueEmail } from '../fixtures.ts';

const PASSWORD = 'a long enough password';

async function fillRegister(page: Page, email: string, password: string, confirm = password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirm);
  await page.getByRole('button', { name: /create account|sign up/i }).click();
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('signing up, then following the verification mail, verifies the account', async ({ page, mailTo }) => {
  const email = uniqueEmail();
  await page.goto('/register');
  await fillRegister(page, `  ${email} `, PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  // A new account has no team yet: the onboarding dialog greets it.
  await expect(page.getByRole('dialog', { name: 'Welcome to Tessera!' })).toBeVisible();

  const mail = await mailTo(email);
  expect(mail.subject).toContain('Tessera');
  expect(mail.link).toContain('/verify-email?token=');
  await page.goto(mail.link);
  await expect(
    page
      .getByRole('button', { name: 'Go to Dashboard' })
      .or(page.getByRole('link', { name: 'Go to Dashboard' })),
  ).toBeVisible();

  // The link is single use.
  await page.goto(mail.link);
  await expect(page.getByText('Verification failed. The link may be expired or invalid.')).toBeVisible();
});

test('the register form explains every mistake', async ({ page, signIn }) => {
  const { email: taken } = await signIn();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/register');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();

  await fillRegister(page, 'not-an-email', 'short', 'different');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await fillRegister(page, taken, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Email already registered' })).toBeVisible();
  await expect(page).toHaveURL('/register');
});

test('signing out, a wrong password, and signing in again', async ({ page, signIn }) => {
  const { email, password } = await signIn();
  await page.goto('/dashboard');
  await openSidebar(page);
  await page.getByRole('button', { name: new RegExp(email) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/register');

  await page.goto('/login');
  await signInWithForm(page, email, 'not the password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/dashboard');
});

test('a forgotten password is reset through the mailed link; the old one stops working', async ({
  page,
  signIn,
  mailTo,
}) => {
  const { email, password } = await signIn();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/reset link has been sent/)).toBeVisible();

  const mail = await mailTo(email);
  expect(mail.link).toContain('/reset-password?token=');
  await page.goto(mail.link);
  await page.getByLabel('New password', { exact: true }).fill('my brand new password');
  await page.getByLabel(/confirm/i).fill('my brand new password');
  await page.getByRole('button', { name: /reset|set|save/i }).click();
  await expect(page.getByText(/password has been reset/i)).toBeVisible();

  await page.goto('/login');
  await signInWithForm(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await signInWithForm(page, email, 'my brand new password');
  await expect(page).toHaveURL('/dashboard');
});

test('a session outlives its access token in two tabs at once, unnoticed', async ({
  page,
  context,
  signIn,
}) => {
  await signIn();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/settings');
  await expect(second.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  // Both tabs now hold an access token that has expired: each must refresh before calling the API, and only
  // one rotation may happen, or the server's reuse detection would sign the user out.
  await page.evaluate(() => {
    const [header, payload] = localStorage.getItem('accessToken')!.split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')));
    const expired = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem('accessToken', `${header}.${expired}.invalid-signature`);
  });
  await Promise.all([page.reload(), second.reload()]);
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL('/settings');
    await expect(tab.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  }
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toMatch(/invalid-signature$/);

  // A token the server refuses (401) is refreshed once and the call retried, also unnoticed.
  await page.evaluate(() => {
    const [header, payload] = localStorage.getItem('accessToken')!.split('.');
    localStorage.setItem('accessToken', `${header}.${payload}.tampered-signature`);
  });
  await Promise.all([page.reload(), second.reload()]);
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL('/settings');
    await expect(tab.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  }
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toMatch(/tampered-signature$/);
});
