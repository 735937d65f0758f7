// Comfort (docs/contract.md section 4): a German-speaking browser signs up in German and is mailed in German; the
// account's language and theme, chosen in Settings, change the pages and the mail at once, stay with the account, and
// the theme is there before the app's first paint. Every page a journey visits is also checked in both themes and for
// sideways scrolling (fixtures.ts).
import { api, expect, GERMAN_SUPER_ADMIN_EMAIL, test, uniqueEmail } from '../fixtures.ts';

test.describe('a German-speaking browser', () => {
  test.use({ locale: 'de-DE' });

  test('signs up in German, is mailed in German, and switching to English changes both', async ({
    page,
    mailTo,
  }) => {
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Konto erstellen' })).toBeVisible();
    const email = uniqueEmail();
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('a long enough password');
    await page.getByLabel('Passwort bestätigen').fill('a long enough password');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    // The new account speaks the browser's language: the onboarding dialog, in German.
    await expect(page.getByRole('dialog', { name: 'Willkommen bei Tessera!' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect((await mailTo(email)).subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Tessera');

    const onboarding = page.getByRole('dialog', { name: 'Willkommen bei Tessera!' });
    await onboarding.getByLabel('Teamname').fill('Werkstatt');
    await onboarding.getByRole('button', { name: 'Team anlegen' }).click();
    await expect(onboarding).toBeHidden();
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible();
    await page.getByRole('group', { name: 'Tessera anzeigen auf' }).getByLabel('English').check();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // The mail follows the account at once, though the browser still asks for German.
    await page.request.post('/api/auth/reset-password/request', {
      data: { email },
      headers: { 'accept-language': 'de-DE' },
    });
    await expect.poll(async () => (await mailTo(email)).subject).toBe('Reset your Tessera password');
    // And the account's language outlasts the page: English again after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  });
});

test('the theme chosen in Settings shows at once, before the first paint, and in another browser', async ({
  page,
  browser,
  signIn,
  pageChecks,
}) => {
  const account = await signIn();
  await page.goto('/settings');
  // The page's checks show it in the other theme for a moment: they finish before the test changes the theme.
  await pageChecks.scanNow();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  // The choice is saved to the account; its answer is what the page then shows.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/me') && response.request().method() === 'PATCH',
  );
  await page.getByRole('group', { name: 'Theme' }).getByLabel('Dark').check();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.locator('html')).toHaveClass(/dark/);

  // Before the first paint: while the app's own scripts are held back, the page is dark already (public/theme.js).
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  // At commit the body may not be parsed yet: wait for the root the app would render into, still empty.
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
  // And its colours are the dark theme's: the page's background changes without the class.
  const [dark, light] = await page.evaluate(() => {
    const colour = () => getComputedStyle(document.body).backgroundColor;
    const shown = colour();
    document.documentElement.classList.remove('dark');
    const without = colour();
    document.documentElement.classList.add('dark');
    return [shown, without];
  });
  expect(dark).not.toBe(light);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await page.unroute(/\/assets\/.*\.js$/);

  // Kept on the account: another browser that signs in shows it dark.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await expect(other.locator('html')).not.toHaveClass(/dark/);
  await other.getByLabel('Email').fill(account.email);
  await other.getByLabel('Password').fill(account.password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.locator('html')).toHaveClass(/dark/);
  // Signing out leaves nothing of the account: the sign-in page follows the system (light) again.
  await context.close();
});

test.describe('a browser whose system is dark', () => {
  test.use({ colorScheme: 'dark' });

  test('shows the signed-out pages dark, and a signed-in account on System too', async ({ page, signIn }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await signIn();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

// Every page in German, with rows in its lists, at this project's width: the checks of fixtures.ts (axe in both
// themes, no sideways scroll) run on each.
test.describe('German pages', () => {
  test.use({ locale: 'de-DE' });

  test('every page speaks German, in both themes, without scrolling sideways', async ({ page, signIn }) => {
    test.setTimeout(test.info().timeout * 2);
    for (const [path, heading] of [
      ['/login', 'Willkommen zurück'],
      ['/register', 'Konto erstellen'],
      ['/forgot-password', 'Passwort zurücksetzen'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }

    await signIn(undefined, { team: 'Werkstatt Nord', verified: true });
    expect((await api(page, 'PATCH', '/auth/me', { locale: 'de' })).status).toBe(200);
    const longName = 'Fliesen aus dem Lager Süd, Charge 2026-11-27, Reihe 14 bis 19, glasiert';
    expect(
      (await api(page, 'POST', '/items/', { name: longName, description: 'Glasiert, 10 × 10' })).status,
    ).toBe(201);
    expect((await api(page, 'POST', '/invite', { email: uniqueEmail(), role: 'member' })).status).toBe(201);
    expect(
      (await api(page, 'POST', '/api-keys', { name: 'Lagerabgleich', scopes: ['items:read'] })).status,
    ).toBe(201);

    for (const [path, heading] of [
      ['/dashboard', /Willkommen/],
      ['/items', 'Einträge'],
      ['/team', 'Team-Einstellungen'],
      ['/team/activity', 'Aktivität'],
      ['/team/developers', 'Entwickler'],
      ['/subscription', 'Abonnement'],
      ['/settings', 'Konto'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    }
    await page.goto('/items');
    await expect(page.getByRole('row', { name: new RegExp(longName) })).toBeVisible();
  });

  test('the admin pages speak German too', async ({ page, signIn }) => {
    await signIn(GERMAN_SUPER_ADMIN_EMAIL);
    expect((await api(page, 'PATCH', '/auth/me', { locale: 'de' })).status).toBe(200);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Nutzer' })).toBeVisible();
    await page.getByRole('link', { name: GERMAN_SUPER_ADMIN_EMAIL }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nutzer' })).toBeVisible();
    await expect(page.getByText(GERMAN_SUPER_ADMIN_EMAIL).filter({ visible: true }).first()).toBeVisible();
  });
});
