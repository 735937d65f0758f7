// Contact sheets of every page, for people to look at (not a test): the built app on a fresh database, each page at
// 390 and 1280 px, in both themes and both languages, one sheet per combination in the given folder.
//   npm run build && node e2e/contact-sheets.mjs /tmp/sheets
/* global document -- in the page's own callbacks */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright-core';

const out = path.resolve(process.argv[2] ?? 'contact-sheets');
mkdirSync(out, { recursive: true });
const port = 3999;
const base = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-sheets-'));
const server = spawn('node', ['server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: base,
    SUPER_ADMIN_EMAILS: 'root@sheets.test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    NODE_ENV: '',
  },
});
for (;;) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // Not listening yet.
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const api = async (method, url, token, body, tenant) => {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (tenant) headers['x-tenant-uuid'] = tenant;
  const response = await fetch(`${base}/api${url}`, { method, headers, body: body && JSON.stringify(body) });
  return response.status === 204 ? null : response.json();
};
const password = 'a long enough password';
const email = 'root@sheets.test';
await api('POST', '/auth/register', null, { email, password });
const mails = await api('GET', '/dev/mailbox');
const link = mails.find((mail) => mail.to === email).text.match(/verify-email\?token=(\S+)/)[1];
let session = await api('GET', `/auth/verify-email?token=${link}`);
await api('POST', '/auth/update-password', session.access_token, {
  old_password: null,
  new_password: password,
});
session = await api('POST', '/auth/login', null, { email, password });
const token = session.access_token;
const team = await api('POST', '/tenants', token, { name: 'Werkstatt Nord — Fliesen & Keramik' });
for (const name of ['Blue tile', 'Fliesen aus dem Lager Süd, Charge 2026-11-27, Reihe 14 bis 19, glasiert']) {
  await api('POST', '/items/', token, { name, description: 'Glazed, 10 by 10' }, team.uuid);
}
await api(
  'POST',
  '/invite',
  token,
  { email: 'a-rather-long-address.for-testing@example-company.example', role: 'member' },
  team.uuid,
);
await api(
  'POST',
  '/api-keys',
  token,
  { name: 'Inventory sync', scopes: ['items:read', 'items:write'] },
  team.uuid,
);
await api(
  'POST',
  '/webhooks',
  token,
  { url: 'http://127.0.0.1:9/hooks/tessera', events: ['item.created'] },
  team.uuid,
);
await api('POST', '/feedback', token, { message: 'More colours please', page_url: '/items' }, team.uuid);
const me = await api('GET', '/auth/me', token);

const pages = [
  ['login', '/login', false],
  ['register', '/register', false],
  ['forgot-password', '/forgot-password', false],
  ['dashboard', '/dashboard', true],
  ['items', '/items', true],
  ['team', '/team', true],
  ['activity', '/team/activity', true],
  ['developers', '/team/developers', true],
  ['subscription', '/subscription', true],
  ['settings', '/settings', true],
  ['admin', '/admin', true],
  ['admin-users', '/admin/users', true],
  ['admin-user', `/admin/users/${me.uuid}`, true],
  ['admin-tenant', `/admin/tenants/${team.uuid}`, true],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const report = [];
for (const locale of ['en', 'de']) {
  for (const theme of ['light', 'dark']) {
    await api('PATCH', '/auth/me', token, { locale, theme });
    for (const width of [390, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: 844 },
        locale: locale === 'de' ? 'de-DE' : 'en-US',
        colorScheme: theme,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      const shots = [];
      for (const [name, url, signedIn] of pages) {
        await page.goto(`${base}/login`);
        await page.evaluate(
          ([s, signedIn]) => {
            localStorage.clear();
            if (!signedIn) return;
            localStorage.setItem('accessToken', s.access_token);
            localStorage.setItem('refreshToken', s.refresh_token);
            localStorage.setItem('userEmail', 'root@sheets.test');
            localStorage.setItem('loginTime', new Date().toISOString());
          },
          [session, signedIn],
        );
        await page.goto(`${base}${url}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0)
          report.push(`${locale} ${theme} ${width}: ${url} scrolls sideways by ${overflow} px`);
        const file = path.join(out, `${locale}-${theme}-${width}-${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        shots.push([name, file]);
      }
      // One sheet: the pages side by side, scaled down.
      const sheet = await context.newPage();
      const scale = width === 390 ? 0.5 : 0.25;
      await sheet.setViewportSize({ width: 1800, height: 900 });
      await sheet.setContent(
        `<body style="margin:0;background:#888;font:12px sans-serif;display:flex;flex-wrap:wrap;gap:8px;padding:8px">${shots
          .map(
            ([name, file]) =>
              `<figure style="margin:0;width:${Math.round(width * scale)}px"><figcaption>${name}</figcaption><img style="width:100%" src="data:image/png;base64,${readFileSync(file).toString('base64')}"></figure>`,
          )
          .join('')}</body>`,
      );
      await sheet.screenshot({
        path: path.join(out, `sheet-${locale}-${theme}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
}
await browser.close();
server.kill();
rmSync(dataDir, { recursive: true, force: true });
console.log(report.length ? report.join('\n') : 'No page scrolls sideways.');
