// Hostile text: HTML, script and template syntax typed into every field that another page shows (team names and
// descriptions, item names and descriptions, feedback and its route, email addresses) is shown as that text on
// every page, runs nothing and trips no CSP; and the document carries the security headers that would stop it.
import type { Page } from '@playwright/test';

import { expect as baseExpect, openSidebar, SUPER_ADMIN_EMAIL, test } from '../fixtures.ts';

// Long journeys, each page scanned by axe: room for a machine shared with other test runs.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const TEMPLATE = '{{7*7}}';
const HOSTILE = `${IMG} ${SCRIPT} ${SVG} ${TEMPLATE}`;

/** One test's texts: a team name holds at most 100 characters; an email address may hold an apostrophe. */
function hostileTexts() {
  const id = crypto.randomUUID().slice(0, 8);
  return {
    id,
    owner: `o'hara-${id}@tessera.test`,
    invitee: `d'arcy-${id}@tessera.test`,
    team: `${id} ${IMG} ${TEMPLATE}`,
    otherTeam: `${id} ${SVG} ${SCRIPT}`,
    description: HOSTILE,
    item: `${SVG} ${SCRIPT} ${id}`,
    itemDescription: `${HOSTILE} item`,
    feedback: `${HOSTILE} feedback ${id}`,
    route: `/items/${IMG}`,
  };
}
type HostileTexts = ReturnType<typeof hostileTexts>;

type SignIn = (email: string, options: { team: string }) => Promise<unknown>;

/**
 * Signs in as the owner of a team whose every field holds the payloads, with a second such team, an item, a
 * pending invitation and feedback, all written through the API as any client may; selects the first team.
 */
async function seed(page: Page, signIn: SignIn): Promise<HostileTexts & { teamUuid: string }> {
  const text = hostileTexts();
  await signIn(text.owner, { team: text.team });
  const authorization = `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`;
  const [team] = await (await page.request.get('/api/tenants', { headers: { authorization } })).json();
  const headers = { authorization, 'x-tenant-uuid': team.uuid as string };
  const writes = [
    page.request.put('/api/tenant', { headers, data: { name: text.team, description: text.description } }),
    page.request.post('/api/tenants', { headers: { authorization }, data: { name: text.otherTeam } }),
    page.request.post('/api/items/', {
      headers,
      data: { name: text.item, description: text.itemDescription },
    }),
    page.request.post('/api/invite', { headers, data: { email: text.invitee, role: 'member' } }),
    page.request.post('/api/feedback/', { headers, data: { message: text.feedback, route: text.route } }),
  ];
  for (const write of writes) {
    const response = await write;
    expect(response.ok(), await response.text()).toBe(true);
  }
  await page.evaluate((uuid) => localStorage.setItem('selectedTenantUuid', uuid), team.uuid as string);
  return { ...text, teamUuid: team.uuid };
}

/**
 * Watches the page for what an injected payload would do: set window.__xss, open a dialog, or be refused by the
 * CSP (securitypolicyviolation events, recorded on every document from its first moment). Call before goto.
 */
async function watch(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}: ${event.sample}`),
    );
  });
  return dialogs;
}

/** Nothing typed became markup on this page: no payload element or handler, nothing ran, no CSP violation. */
async function expectInert(page: Page, dialogs: string[]) {
  const found = await page.evaluate(() => ({
    ran: (window as { __xss?: unknown }).__xss ?? null,
    elements: [...document.querySelectorAll('[onerror], [onload], img[src="x"]')].map((e) => e.outerHTML),
    scripts: [...document.scripts].filter((s) => s.text.includes('__xss')).map((s) => s.outerHTML),
    cspViolations: (window as { __cspViolations?: string[] }).__cspViolations ?? 'not watched',
  }));
  expect(found, `on ${page.url()}`).toEqual({ ran: null, elements: [], scripts: [], cspViolations: [] });
  expect(dialogs).toEqual([]);
}

const card = (page: Page, heading: string) =>
  page.locator('[data-slot=card]', { has: page.getByRole('heading', { name: heading, exact: true }) });

test("the owner's pages show every payload as text: dashboard, team switcher, items and the feedback sent", async ({
  page,
  signIn,
}) => {
  const dialogs = await watch(page);
  const text = await seed(page, signIn);
  const greeting = `Welcome to ${text.team}, o'hara-${text.id}!`;

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting);
  await expect(page).toHaveTitle(`${greeting} · Tessera`);
  await expect(page.getByText(`Access to ${text.team} as Owner.`, { exact: true })).toBeVisible();
  const info = card(page, 'Tenant Information');
  await expect(info.getByText(text.team, { exact: true })).toBeVisible();
  await expect(info.getByText(text.description, { exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  // The sidebar: the team switcher with both teams, and the user menu with the address.
  await openSidebar(page);
  await expect(page.getByRole('button', { name: text.owner })).toBeVisible();
  await page.getByRole('button', { name: `Current team: ${text.team}` }).click();
  await expect(page.getByRole('menuitemradio', { name: text.team })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: text.otherTeam })).toBeVisible();
  await expectInert(page, dialogs);
  await page.keyboard.press('Escape');

  await page.goto('/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: text.item, exact: true }) });
  await expect(row.getByRole('cell', { name: text.itemDescription, exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  await page.getByRole('button', { name: `Edit ${text.item}`, exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByLabel('Name')).toHaveValue(text.item);
  await expect(edit.getByLabel('Description')).toHaveValue(text.itemDescription);
  await expectInert(page, dialogs);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Delete ${text.item}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete item' });
  await expect(confirm.getByText(`Delete "${text.item}"? This cannot be undone.`)).toBeVisible();
  await expectInert(page, dialogs);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Feedback typed into the modal, as a user sends it.
  await page.keyboard.press('f');
  const feedback = page.getByRole('dialog', { name: 'Send Feedback' });
  await feedback.getByLabel('Your feedback').fill(`${HOSTILE} typed`);
  await feedback.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(feedback.getByText('Thank you for your feedback!')).toBeVisible();
  await expectInert(page, dialogs);
});

test('the invitation mail, the acceptance page, the members table and the dev mailbox show names and emails as text', async ({
  page,
  browser,
  signIn,
  mailTo,
}) => {
  const dialogs = await watch(page);
  const text = await seed(page, signIn);

  const mail = await mailTo(text.invitee);
  expect(mail.subject).toBe(`You are invited to join ${text.team} on Tessera`);
  expect(mail.text).toContain(`${text.owner} invited you to join the team "${text.team}" on Tessera.`);

  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.97.0.1' } });
  const guest = await context.newPage();
  const guestDialogs = await watch(guest);
  await guest.goto(mail.link);
  await expect(guest.getByRole('heading', { level: 1, name: `Welcome to ${text.team}!` })).toBeVisible();
  await expect(guest.getByText(`You have joined ${text.team} as ${text.invitee}.`)).toBeVisible();
  await expectInert(guest, guestDialogs);
  await guest.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(
    `Welcome to ${text.team}, d'arcy-${text.id}!`,
  );
  await expect(guest.getByText(`Access to ${text.team} as Member.`, { exact: true })).toBeVisible();
  await expectInert(guest, guestDialogs);
  await context.close();

  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Settings' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(text.team, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Team name')).toHaveValue(text.team);
  await expect(page.getByLabel('Description')).toHaveValue(text.description);
  await expect(page.getByRole('cell', { name: text.owner })).toBeVisible();
  const inviteeRow = page.getByRole('row').filter({ hasText: text.invitee });
  await expect(inviteeRow.getByText('Member', { exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  await inviteeRow.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Remove ${text.invitee} from the team?`);
  await expectInert(page, dialogs);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // The development mailbox is a page the server writes itself.
  await page.goto('/dev/mailbox');
  const kept = page.getByRole('article').filter({ hasText: text.invitee });
  await expect(kept.getByRole('heading', { level: 2 })).toHaveText(mail.subject);
  await expect(kept).toContainText(`${text.owner} invited you to join the team "${text.team}" on Tessera.`);
  await expectInert(page, dialogs);
});

test('checkout, its success page, the billing portal and the subscription page show the team name as text', async ({
  page,
  signIn,
}) => {
  const dialogs = await watch(page);
  const text = await seed(page, signIn);

  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(text.team, { exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  const headers = {
    authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
    'x-tenant-uuid': text.teamUuid,
  };
  const started = await page.request.post('/api/payments/checkout', {
    headers,
    data: { plan_id: 'pro', billing_interval: 'annual' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await page.goto((await started.json()).url);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Tessera Pro' })).toBeVisible();
  await expect(page.getByText(text.team, { exact: true })).toBeVisible();
  await expectInert(page, dialogs);
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry date' }).fill('12 / 40');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    `${text.team} is now on the Pro plan, billed annually. The invoice is in your billing history.`,
  );
  await expectInert(page, dialogs);

  await page.goto(`/billing/portal?tenant=${text.teamUuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing portal' })).toBeVisible();
  await expect(page.getByText(text.team, { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Paid' })).toBeVisible();
  await expectInert(page, dialogs);
});

test('the admin lists of teams and feedback and the team page show every payload as text', async ({
  page,
  signIn,
  mailTo,
}) => {
  const dialogs = await watch(page);
  const text = await seed(page, signIn);
  // The invitee joins, so the admin's team page lists both addresses.
  const accepted = await page.request.get(
    (await mailTo(text.invitee)).link.replace('/tenants/invitations/', '/api/invitations/'),
  );
  expect(accepted.ok(), await accepted.text()).toBe(true);

  await page.evaluate(() => localStorage.removeItem('selectedTenantUuid'));
  await signIn(SUPER_ADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search teams' }).fill(text.id);
  const teamLink = page.getByRole('link', { name: text.team, exact: true });
  await expect(teamLink).toBeVisible();
  await expect(page.getByRole('link', { name: text.otherTeam, exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  await page.getByRole('searchbox', { name: 'Search feedback' }).fill(text.owner);
  const feedbackRow = page.getByRole('row').filter({ hasText: text.feedback });
  await expect(feedbackRow.getByRole('cell', { name: text.owner, exact: true })).toBeVisible();
  await expect(feedbackRow.getByRole('cell', { name: text.team, exact: true })).toBeVisible();
  await expect(feedbackRow.getByRole('cell', { name: text.route, exact: true })).toBeVisible();
  await expect(feedbackRow.getByRole('cell', { name: text.feedback, exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  await teamLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Details' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(text.team, { exact: true })).toBeVisible();
  const details = card(page, 'Tenant details');
  await expect(details.getByText(text.team, { exact: true })).toBeVisible();
  await expect(details.getByText(text.description, { exact: true })).toBeVisible();
  const users = card(page, 'Users');
  await expect(users.getByRole('cell', { name: text.owner, exact: true })).toBeVisible();
  await expect(users.getByRole('cell', { name: text.invitee, exact: true })).toBeVisible();
  await expectInert(page, dialogs);
});

test('the payloads, were they ever injected, would be refused by the CSP and reported', async ({
  page,
  signIn,
  pageChecks,
}) => {
  // The control for the checks above: the same payloads put into the page as markup.
  const dialogs = await watch(page);
  await signIn();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to Acme');
  await pageChecks.scanNow();
  await page.evaluate((html) => {
    document.querySelector('main')!.insertAdjacentHTML('beforeend', `<div id="injected">${html}</div>`);
  }, HOSTILE);
  await expect
    .poll(() => page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations))
    .toEqual(['script-src-attr refused inline: ', 'script-src-attr refused inline: ']);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss ?? null)).toBeNull();
  await expect(expectInert(page, dialogs)).rejects.toThrow();
  // The page checks every journey runs report the same refusals as console errors.
  const refusedHandler =
    /Executing inline event handler violates the following Content Security Policy directive 'script-src 'self''/;
  expect(pageChecks.problems).toEqual([
    expect.stringMatching(refusedHandler),
    expect.stringMatching(refusedHandler),
  ]);
  pageChecks.problems.length = 0;

  // An eval the page catches leaves no console error; the page checks report it all the same. (In a task of the
  // page's own: the browser lets code that Playwright evaluates use eval while it runs.)
  const evaluated = await page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          try {
            resolve(new Function('return "allowed"')() as string);
          } catch {
            resolve('refused');
          }
        }),
      ),
  );
  expect(evaluated).toBe('refused');
  await expect
    .poll(() => pageChecks.problems)
    .toEqual([expect.stringMatching(/^CSP violation on \S+\/dashboard: script-src refused eval/)]);
  pageChecks.problems.length = 0;
  await page.evaluate(() => document.getElementById('injected')!.remove());
});

test('the document carries the security headers, and the browser enforces them', async ({
  page,
  pageChecks,
  baseURL,
}) => {
  for (const path of ['/login', '/dashboard', '/tenants/invitations/abc/accept', '/dev/mailbox']) {
    const response = await page.goto(path);
    const headers = await response!.allHeaders();
    const csp = Object.fromEntries(
      headers['content-security-policy']!.split(';').map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name!, sources];
      }),
    );
    expect(csp, path).toEqual({
      'default-src': ["'self'"],
      // Scripts from this origin only: no 'unsafe-inline', 'unsafe-eval', data: or other hosts.
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(headers, path).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(headers['x-powered-by'], path).toBeUndefined();
  }

  // frame-ancestors 'none': no page can show the app in a frame (clickjacking), not even the app's own, which
  // X-Frame-Options SAMEORIGIN alone would allow; frame-src 'self' lets the page ask for it.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await pageChecks.scanNow();
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.title = 'Framed app';
    frame.src = src;
    document.body.append(frame);
  }, `${baseURL}/login`);
  await expect
    .poll(() => pageChecks.problems)
    .toEqual([
      expect.stringMatching(
        /Framing .* violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
      ),
    ]);
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);
  pageChecks.problems.length = 0;
  await page.evaluate(() => document.querySelector('iframe')!.remove());
});
