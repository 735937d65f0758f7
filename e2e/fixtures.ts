// The test object every journey imports: each page a test visits is checked with axe-core (serious and critical
// violations fail the test) and must leave the browser console free of errors and CSP violations.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

type Session = { email: string; isSuperAdmin?: boolean };

type PageChecks = {
  /** What the checks found so far; the test fails at its end unless this is empty. */
  problems: string[];
  /** Scans the current page now (after any scan under way), even if its URL was scanned before. */
  scanNow(): Promise<void>;
};

type Fixtures = {
  pageChecks: PageChecks;
  /** Starts the page with a stored session, as a signed-in browser would have it (SPEC section 3 storage keys). */
  signIn: (session: Session) => Promise<void>;
};

/** How long a page must stay on one URL before it is scanned, so redirects settle first. */
const SETTLE_MS = 250;

export const test = base.extend<Fixtures>({
  pageChecks: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error on ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught error on ${page.url()}: ${error.message}`));

      const scanned = new Set<string>();
      let timer: NodeJS.Timeout | undefined;
      let scans = Promise.resolve();
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          // The test may navigate away mid-scan (the old document is gone): that page is skipped, and the
          // page the test ends on is always scanned below, where any failure counts.
          scans = scans.then(() => scan(page, scanned, problems).catch(() => {}));
        }, SETTLE_MS);
      });

      const scanNow = async () => {
        clearTimeout(timer);
        await scans;
        scanned.delete(page.url());
        await scan(page, scanned, problems);
      };
      await use({ problems, scanNow });

      clearTimeout(timer);
      await scans;
      if (!page.isClosed()) await scan(page, scanned, problems);
      expect(problems, 'accessibility violations, console errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],

  signIn: async ({ page }, use) => {
    await use(async ({ email, isSuperAdmin = false }) => {
      const token = unsignedJwt({ sub: crypto.randomUUID(), email, is_super_admin: isSuperAdmin });
      await page.addInitScript(
        ([accessToken, userEmail]) => {
          localStorage.setItem('accessToken', accessToken!);
          localStorage.setItem('userEmail', userEmail!);
          localStorage.setItem('loginTime', new Date().toISOString());
        },
        [token, email],
      );
    });
  },
});

async function scan(page: Page, scanned: Set<string>, problems: string[]) {
  const url = page.url();
  // Our own pages only: the API docs are swagger-ui's.
  if (scanned.has(url) || url === 'about:blank' || new URL(url).pathname.startsWith('/api/')) return;
  await page.waitForLoadState('load');
  const results = await new AxeBuilder({ page }).analyze();
  scanned.add(url);
  for (const violation of results.violations) {
    if (violation.impact === 'serious' || violation.impact === 'critical') {
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
      problems.push(`axe ${violation.impact} on ${url}: ${violation.id} (${violation.help}) at ${targets}`);
    }
  }
}

/** A JWT-shaped token the web app can read; the signature is not checked in the browser. */
function unsignedJwt(claims: Record<string, unknown>) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iat: now, exp: now + 900, ...claims })}.signature`;
}
