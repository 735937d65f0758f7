// The test object every journey imports: each page a test visits is checked with axe-core in both themes (serious and
// critical violations fail the test; the other theme changes colours only, so there axe checks what colours decide),
// must not scroll sideways, and must leave the browser console free of errors and CSP violations (docs/decisions/026).
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import { test as base, type Download, expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

import { dnsDir } from './stand-ins.setup.ts';

export { expect };

type PageChecks = {
  /** What the checks found so far; the test fails at its end unless this is empty. */
  problems: string[];
  /**
   * Scans the current page now (after any scan under way), even if its URL was scanned before. A scan shows the page
   * in the other theme for a moment: a test that changes the theme lets the scans finish first with this.
   */
  scanNow(): Promise<void>;
};

type Account = { email: string; password: string };

/** The axe impacts that fail a test: serious and critical by default; a test may hold its pages to more. */
type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

type Fixtures = {
  axeImpacts: AxeImpact[];
  pageChecks: PageChecks;
  /**
   * Registers an account through the API, with a team of its own unless `team` is false (else the onboarding
   * dialog opens), and leaves the page signed in as it (on /login's origin). `verified` opens the mailed
   * verification link first, as second factors ask for.
   */
  signIn: (email?: string, options?: { team?: string | false; verified?: boolean }) => Promise<Account>;
  /** The newest mail the dev mailbox holds for an address, and the first link in it. */
  mailTo: (email: string) => Promise<{ subject: string; text: string; link: string }>;
};

/** The super admin of the e2e server (SUPER_ADMIN_EMAILS in playwright.config.ts). */
export const SUPER_ADMIN_EMAIL = 'root@tessera.test';
/** A second one, whose account speaks German (comfort.spec.ts), so the first stays English for every other journey. */
export const GERMAN_SUPER_ADMIN_EMAIL = 'wurzel@tessera.test';
/** A third, who makes no team of their own: the console must serve an operator without one (operators.spec.ts). */
export const TEAMLESS_SUPER_ADMIN_EMAIL = 'console@tessera.test';
const SUPER_ADMIN_EMAILS = [SUPER_ADMIN_EMAIL, GERMAN_SUPER_ADMIN_EMAIL, TEAMLESS_SUPER_ADMIN_EMAIL];

/** The sidebar (team switcher, user menu) is a drawer on phones: open it there; on wide screens it is just there. */
export async function openSidebar(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  const openNavigation = page.getByRole('button', { name: 'Open navigation' });
  if (await openNavigation.isVisible()) await openNavigation.click();
}

/** Calls the API from the page, signed in as whoever the page is signed in as, for the selected team. */
export async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('accessToken');
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let tenant = localStorage.getItem('selectedTenantUuid');
      if (!tenant) {
        const tenants = await (await fetch('/api/tenants', { headers })).json();
        tenant = tenants[0].uuid as string;
      }
      headers['x-tenant-uuid'] = tenant;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: response.status === 204 ? null : await response.json() };
    },
    { method, path, body },
  );
}

/** Publishes a TXT record through the DNS stand-in the server resolves domains with (stand-ins.setup.ts). */
export function publishTxt(name: string, value: string) {
  mkdirSync(dnsDir(), { recursive: true });
  appendFileSync(path.join(dnsDir(), name), `${value}\n`);
}

/** The Business plan, through the test-mode checkout's API (plan-limits.spec.ts pays through its page). */
export async function onBusinessPlan(page: Page) {
  const checkout = await api(page, 'POST', '/payments/checkout', {
    plan_id: 'business',
    billing_interval: 'monthly',
  });
  expect(checkout.status).toBe(200);
  const session = (checkout.body as { url: string }).url.split('/').pop();
  const paid = await api(page, 'POST', `/payments/local/checkout/${session}/pay`, {
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: 2040,
    cvc: '123',
  });
  expect(paid.status).toBe(200);
}

/** Pays a test-mode checkout page opened in its own tab with the test card, as a user types it, and closes the tab. */
export async function payWithTestCard(checkout: Page) {
  await checkout.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await checkout.getByRole('textbox', { name: 'Expiry date' }).fill('1240');
  await checkout.getByRole('textbox', { name: 'CVC' }).fill('123');
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await checkout.close();
}

/**
 * The PDF behind an invoice row's Download, which opens in a new tab where it arrives as a download (the tab is watched
 * from its first moment): its bytes, checked to be a PDF.
 */
export async function downloadedInvoicePdf(page: Page, invoiceRow: Locator) {
  const downloaded = new Promise<Download>((resolve, reject) =>
    page.once('popup', (tab) => tab.waitForEvent('download').then(resolve, reject)),
  );
  await invoiceRow.getByRole('button', { name: /Download/ }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdf;
}

export const uniqueEmail = () => `user-${crypto.randomUUID().slice(0, 8)}@tessera.test`;

const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** How long a page must stay on one URL before it is scanned, so redirects settle first. */
const SETTLE_MS = 250;

export const test = base.extend<Fixtures>({
  axeImpacts: [['serious', 'critical'], { option: true }],
  pageChecks: [
    async ({ page, axeImpacts }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        // Chromium logs every 4xx answer; the app shows those to the user (a wrong password is not a bug).
        if (message.type() !== 'error' || EXPECTED_REFUSAL.test(message.text())) return;
        problems.push(`console error on ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught error on ${page.url()}: ${error.message}`));
      // Chromium logs a refused script, style, image or frame to the console, but a refused eval only as an
      // EvalError, which the page may catch (a library probing whether it may compile code): the browser still
      // reports it as a violation, seen here through the securitypolicyviolation event. Our own pages only, as below;
      // the page names its own URL, which may no longer be page.url() by the time the report arrives.
      await page.exposeBinding('__reportEvalViolation', (_source, violation: string) => {
        problems.push(`CSP violation on ${violation}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          if (event.blockedURI !== 'eval' && event.blockedURI !== 'wasm-eval') return;
          if (new URL(event.documentURI).pathname.startsWith('/api/')) return;
          const report = (window as unknown as { __reportEvalViolation(violation: string): void })
            .__reportEvalViolation;
          void report(
            `${event.documentURI}: ${event.effectiveDirective} refused ${event.blockedURI} in ${event.sourceFile}`,
          );
        });
      });

      const scanned = new Set<string>();
      let timer: NodeJS.Timeout | undefined;
      let scans = Promise.resolve();
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          // The test may navigate away mid-scan (the old document is gone): that page is skipped, and the
          // page the test ends on is always scanned below, where any failure counts.
          scans = scans.then(() => scan(page, scanned, problems, axeImpacts).catch(() => {}));
        }, SETTLE_MS);
      });

      // In the same queue as the scans of navigations: one that a navigation meanwhile queues runs after it, never
      // beside it (axe runs once at a time in a page).
      const scanNow = async () => {
        clearTimeout(timer);
        const mine = scans.then(() => {
          scanned.delete(page.url());
          return scan(page, scanned, problems, axeImpacts);
        });
        scans = mine.catch(() => {});
        await mine;
      };
      await use({ problems, scanNow });

      clearTimeout(timer);
      await scans;
      if (!page.isClosed()) await scan(page, scanned, problems, axeImpacts);
      expect(problems, 'accessibility violations, console errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],

  // Each test is a client of its own (the server trusts X-Forwarded-For here), so per-address rate limits
  // count one test's requests, as they would count one person's.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': `10.${randomByte()}.${randomByte()}.${randomByte()}` });
  },

  signIn: async ({ page }, use) => {
    await use(async (email = uniqueEmail(), { team = 'Acme', verified = false } = {}) => {
      const password = 'a long enough password';
      let response = await page.request.post('/api/auth/register', { data: { email, password } });
      // A fixed address (the super admin) may be registered already by another test.
      if (response.status() === 400)
        response = await page.request.post('/api/auth/login', { data: { email, password } });
      // The super admin's sign-in may meet another test setting its password; verifySuperAdmin waits that out.
      const isSuperAdmin = SUPER_ADMIN_EMAILS.includes(email);
      if (!isSuperAdmin) expect(response.ok(), await response.text()).toBe(true);
      let session = await response.json();
      if (isSuperAdmin) session = await verifySuperAdmin(page, { email, password }, session);
      else if (verified) session = await verify(page, email);
      const headers = { authorization: `Bearer ${session.access_token}` };
      const teams = await (await page.request.get('/api/tenants', { headers })).json();
      if (team && teams.length === 0) {
        expect((await page.request.post('/api/tenants', { headers, data: { name: team } })).status()).toBe(
          201,
        );
      }
      await page.goto('/login');
      await page.evaluate((tokens) => {
        localStorage.setItem('accessToken', tokens.access_token);
        localStorage.setItem('refreshToken', tokens.refresh_token);
        localStorage.setItem('userEmail', tokens.email);
        localStorage.setItem('loginTime', new Date().toISOString());
      }, session);
      return { email, password };
    });
  },

  mailTo: async ({ request }, use) => {
    await use(async (email) => {
      let mail: { to: string; subject: string; text: string } | undefined;
      await expect
        .poll(async () => {
          const mailbox: { to: string; subject: string; text: string }[] = await (
            await request.get('/api/dev/mailbox')
          ).json();
          mail = mailbox.find((candidate) => candidate.to === email);
          return mail;
        })
        .toBeDefined();
      const link = /https?:\/\/\S+/.exec(mail!.text)?.[0];
      expect(link, `a link in the mail to ${email}`).toBeDefined();
      return { subject: mail!.subject, text: mail!.text, link: link! };
    });
  },
});

type Session = { access_token: string; refresh_token: string; email: string };

/**
 * docs/contract.md section 4: a listed email is a super admin only once verified, and verifying it drops a password chosen
 * before (SECURITY.md). Whichever test follows the verification mail sets the password again; tests signing in
 * meanwhile sign in again until their session is a super admin's with that password.
 */
async function verifySuperAdmin(page: Page, account: Account, session: Session): Promise<Session> {
  let current = session;
  await expect
    .poll(
      async () => {
        const headers = { authorization: `Bearer ${current.access_token}` };
        const me = await (await page.request.get('/api/auth/me', { headers })).json();
        if (me.is_super_admin && me.has_password) return true;
        const mailbox: { to: string; text: string }[] = await (
          await page.request.get('/api/dev/mailbox')
        ).json();
        const link = mailbox
          .filter(({ to }) => to === account.email)
          .map(({ text }) => /https?:\/\/\S+\/verify-email\?token=\S+/.exec(text)?.[0])
          .find(Boolean);
        // Single use: one test verifies and sets the password; the others are refused and sign in again below.
        const verified = link && (await page.request.get(`/api/auth/verify-email${new URL(link).search}`));
        if (verified && verified.ok()) {
          const { access_token } = await verified.json();
          await page.request.post('/api/auth/update-password', {
            headers: { authorization: `Bearer ${access_token}` },
            data: { old_password: null, new_password: account.password },
          });
        }
        const login = await page.request.post('/api/auth/login', { data: account });
        if (login.ok()) current = await login.json();
        return false;
      },
      { message: `${account.email} becomes a verified super admin`, timeout: 30_000 },
    )
    .toBe(true);
  return current;
}

/** Opens the verification link mailed to a new account; answers the session it signs in. */
async function verify(page: Page, email: string): Promise<Session> {
  const mailbox: { to: string; text: string }[] = await (await page.request.get('/api/dev/mailbox')).json();
  const link = mailbox
    .filter(({ to }) => to === email)
    .map(({ text }) => /https?:\/\/\S+\/verify-email\?token=\S+/.exec(text)?.[0])
    .find(Boolean);
  expect(link, `a verification link mailed to ${email}`).toBeDefined();
  const response = await page.request.get(`/api/auth/verify-email${new URL(link!).search}`);
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/**
 * Checks the page as it is and in the other theme (docs/contract.md section 4, Comfort): no serious or critical axe
 * violation in either, and no sideways scroll at this viewport's width. The themes differ in colours alone (no
 * `dark:` variant in web/src shows or hides anything), so the other theme is held to axe's colour rules.
 */
async function scan(page: Page, scanned: Set<string>, problems: string[], impacts: AxeImpact[]) {
  const url = page.url();
  // Our own pages only: the API docs are swagger-ui's, and a provider's login page (another origin) is its own.
  if (scanned.has(url) || url === 'about:blank' || new URL(url).pathname.startsWith('/api/')) return;
  if (new URL(url).origin !== new URL(test.info().project.use.baseURL!).origin) return;
  await page.waitForLoadState('load');
  // A page still fetching its session or code shows only a spinner (no landmark, no heading yet): the scan waits
  // for the page itself. A navigation meanwhile throws here, and that page is skipped as below.
  await page.locator('[data-page-loading]').waitFor({ state: 'detached' });
  // The app may set its theme while a scan runs (the account's, once it has loaded): a scan that saw the theme change
  // under it read a mix of both, and is taken again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const outcome = await scanOnce(page, url, impacts);
    if (outcome === 'navigated') return;
    if (outcome === 'theme changed') continue;
    scanned.add(url);
    problems.push(...outcome);
    return;
  }
}

/**
 * One scan of the page in the theme shown, then in the other: what it found, or why it found nothing that counts.
 * The other theme is shown only if the page still shows the one it showed, and put back only if it is still the
 * scan's: otherwise the app set its theme meanwhile, which stays.
 */
async function scanOnce(
  page: Page,
  url: string,
  impacts: AxeImpact[],
): Promise<string[] | 'navigated' | 'theme changed'> {
  // Marks this document, so that a reload during the scan (the same URL, another document) is told apart.
  const mark = crypto.randomUUID();
  await page.evaluate((mark) => ((window as unknown as { scanMark: string }).scanMark = mark), mark);
  const shown = await isDark(page);
  const found: string[] = [];
  for (const theme of ['as shown', 'other theme'] as const) {
    const dark = theme === 'as shown' ? shown : !shown;
    if (theme === 'other theme') await showTheme(page, dark);
    await finishAnimations(page);
    // The other theme changes colours only: it is checked for what colours decide.
    const results = await runAxe(page, theme === 'as shown' ? undefined : COLOUR_RULES);
    const width = await page.evaluate(() => {
      const root = document.documentElement;
      return root.scrollWidth > root.clientWidth
        ? { scroll: root.scrollWidth, client: root.clientWidth }
        : null;
    });
    const steady = (await isDark(page)) === dark;
    if (theme === 'other theme' && steady) await showTheme(page, shown);
    // The test navigated on while axe ran: what it scanned is another document (often about:blank, or this URL's
    // again), not the one marked. That page is skipped; the page the test ends on is always scanned.
    const same = await page.evaluate(
      (mark) => (window as unknown as { scanMark?: string }).scanMark === mark,
      mark,
    );
    if (!same || results.url !== url || page.url() !== url) return 'navigated';
    if (!steady) return 'theme changed';
    const where = `${url} (${dark ? 'dark' : 'light'})`;
    for (const violation of results.violations) {
      if (violation.impact && impacts.includes(violation.impact)) {
        const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
        found.push(`axe ${violation.impact} on ${where}: ${violation.id} (${violation.help}) at ${targets}`);
      }
    }
    if (width && theme === 'as shown') {
      found.push(`sideways scroll on ${url}: ${width.scroll} px of content in ${width.client} px`);
    }
  }
  return found;
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/**
 * Waits for the page's transitions and finite animations to end (a page fading in, colours easing after a theme
 * change): axe reads the colours of the moment, and a fade's are not the page's.
 */
async function finishAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
}

/** The axe rules whose outcome a page's colours decide. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// The minified build: a third of the full source to parse, once per document.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations on the page now, of every rule or of `rules`. axe is put in the page once per document, through
 * the DevTools protocol (a page's CSP does not apply there), and reports its violations only: the passes, which
 * are most of its output, are never read.
 */
async function runAxe(page: Page, rules?: string[]) {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(rules && { runOnly: { type: 'rule', values: rules } }),
  };
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
    };
    const { url, violations } = await axe.run(document, options);
    return {
      url,
      violations: violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target }) => ({ target: target.map(String) })),
      })),
    };
  }, options);
}

/**
 * Shows the page in the dark theme or the light one, at once: the app's dark class on <html> with every transition
 * off, so that axe reads the colours the theme settles on, not a fade between them.
 */
async function showTheme(page: Page, dark: boolean) {
  await page.evaluate((dark) => {
    const root = document.documentElement;
    const still = new CSSStyleSheet();
    still.replaceSync('*, *::before, *::after { transition: none !important; animation: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    // Styles settle (a layout computes every element's) before transitions are allowed again.
    void document.body.offsetHeight;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
  }, dark);
}

const randomByte = () => Math.floor(Math.random() * 256);
