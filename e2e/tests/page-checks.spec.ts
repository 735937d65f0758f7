// The checks every journey gets from fixtures.ts must themselves catch what they are for.
import { expect, test } from '../fixtures.ts';

test.beforeEach(async ({ page, pageChecks }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await pageChecks.scanNow();
  expect(pageChecks.problems).toEqual([]);
});

// Each test clears what it provoked, so only an unexpected problem fails it at the end.
test.afterEach(({ pageChecks }) => {
  pageChecks.problems.length = 0;
});

test('a serious accessibility violation is reported, once: the other theme changes colours only', async ({
  page,
  pageChecks,
}) => {
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="/tessera.svg">'));
  await pageChecks.scanNow();
  expect(pageChecks.problems).toEqual([
    expect.stringMatching(/^axe critical on \S+\/login \(light\): image-alt /),
  ]);
});

test('a contrast failure in the dark theme alone is reported', async ({ page, pageChecks }) => {
  // Dark grey text: fine on the light page, unreadable on the dark one.
  await page.evaluate(() =>
    document.body.insertAdjacentHTML('beforeend', '<p style="color: #333">Only seen in the light</p>'),
  );
  await pageChecks.scanNow();
  expect(pageChecks.problems).toEqual([
    expect.stringMatching(/^axe serious on \S+\/login \(dark\): color-contrast /),
  ]);
});

test('a theme the app sets while a scan shows the other one stays, and the scan is taken again', async ({
  page,
  pageChecks,
}) => {
  // As the app's applyTheme does once the account's theme has loaded: here, the moment the scan shows the dark theme.
  await page.evaluate(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => {
      if (!root.classList.contains('dark')) return;
      observer.disconnect();
      root.classList.remove('dark');
      root.style.colorScheme = 'light';
    });
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
  });
  await pageChecks.scanNow();
  expect(pageChecks.problems).toEqual([]);
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('a page that scrolls sideways is reported', async ({ page, pageChecks }) => {
  await page.evaluate(() =>
    document.body.insertAdjacentHTML('beforeend', '<div style="width: 2000px">wide</div>'),
  );
  await pageChecks.scanNow();
  expect(pageChecks.problems).toEqual([
    expect.stringMatching(/^sideways scroll on \S+\/login: 2\d{3} px of content/),
  ]);
});

test('a console error is reported', async ({ page, pageChecks }) => {
  await page.evaluate(() => console.error('something broke'));
  await expect.poll(() => pageChecks.problems).toEqual([expect.stringMatching(/: something broke$/)]);
});

test('a CSP violation is reported', async ({ page, pageChecks }) => {
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await expect
    .poll(() => pageChecks.problems)
    .toEqual([
      expect.stringMatching(/violates the following Content Security Policy directive 'script-src 'self''/),
    ]);
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
});
