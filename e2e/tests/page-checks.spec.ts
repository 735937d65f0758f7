// The checks every journey gets from fixtures.ts must themselves be able to fail.
import { test } from '../fixtures.ts';

test('a page with a serious accessibility violation fails its test', async ({ page }) => {
  test.fail();
  await page.goto('/login');
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="/tessera.svg">'));
});

test('a console error fails its test', async ({ page }) => {
  test.fail();
  await page.goto('/login');
  await page.evaluate(() => console.error('something broke'));
});

test('a CSP violation fails its test', async ({ page }) => {
  test.fail();
  await page.goto('/login');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
});
