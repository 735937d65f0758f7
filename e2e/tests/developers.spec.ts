// The developer platform as a team's owner uses it from Team → Developers: an API key, shown once, that a script
// uses without the team header until it is revoked; and a webhook endpoint (a receiver this test runs) whose test
// ping the page follows until it has been delivered.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { APIRequestContext } from '@playwright/test';

import { api, expect, test, uniqueEmail } from '../fixtures.ts';

type Received = {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
};

/** A webhook receiver on a free loopback port: it records every request and answers 204. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tessera-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an owner creates an API key that works until revoked, and follows a webhook test to its delivery', async ({
  page,
  request,
  signIn,
  pageChecks,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(undefined, { team: 'Hook Works', verified: true });

  // The Team page leads there, for its admins and owner.
  await page.goto('/team');
  await page.getByRole('link', { name: 'Developers' }).click();
  await expect(page).toHaveURL(/\/team\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByText('No endpoints yet')).toBeVisible();

  // An API key, shown once.
  const keyForm = page.getByRole('form', { name: 'Create API key' });
  await keyForm.getByLabel('Name').fill('Import script');
  await keyForm.getByRole('checkbox', { name: 'items:write' }).check();
  await keyForm.getByRole('button', { name: 'Create API key' }).click();
  const keyPanel = page.getByRole('region', { name: 'Copy your new API key “Import script”' });
  await expect(keyPanel).toBeVisible();
  await expect(keyPanel).toBeFocused();
  await expect(keyPanel).toContainText('It will not be shown again.');
  const key = (await keyPanel.locator('code').textContent())!;
  expect(key).toMatch(/^tsk_/);
  await keyPanel.getByRole('button', { name: 'Copy API key' }).click();
  await expect(keyPanel.getByRole('button', { name: 'Copied API key' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const keys = page.getByRole('list', { name: 'API keys' });
  const keyRow = keys.getByRole('listitem').filter({ hasText: 'Import script' });
  await expect(keyRow).toContainText(key.slice(0, 8));
  await expect(keyRow).toContainText('Last usedNever');
  await pageChecks.scanNow();

  // A script uses it: the key names its team, so no X-TENANT-UUID is sent.
  const asScript = { authorization: `Bearer ${key}` };
  const created = await request.post('/api/items/', { headers: asScript, data: { name: 'From a script' } });
  expect(created.status(), await created.text()).toBe(201);
  // Its last use is written as it is used; the list shows it once loaded again.
  await expect(async () => {
    await page.reload();
    await expect(keyRow).toContainText('Last used', { timeout: 1_000 });
    await expect(keyRow).not.toContainText('Last usedNever', { timeout: 1_000 });
  }).toPass();

  // Revoked after asking, it is refused at once.
  await keyRow.getByRole('button', { name: 'Revoke API key Import script' }).click();
  const revokeDialog = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
  await revokeDialog.getByRole('button', { name: 'Revoke API key' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Revoked the API key “Import script”.' }),
  ).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  const refused = await request.post('/api/items/', { headers: asScript, data: { name: 'Too late' } });
  expect(refused.status()).toBe(401);

  // A webhook endpoint at a receiver this test runs.
  const receiver = await startReceiver();
  try {
    const hookForm = page.getByRole('form', { name: 'Add endpoint' });
    await hookForm.getByLabel('URL').fill(receiver.url);
    await hookForm.getByRole('checkbox', { name: 'item.created' }).check();
    await hookForm.getByRole('button', { name: 'Add endpoint' }).click();
    const secretPanel = page.getByRole('region', { name: "Copy the endpoint's signing secret" });
    await expect(secretPanel).toBeFocused();
    await expect(secretPanel.locator('code')).toHaveText(/^whsec_/);
    await secretPanel.getByRole('button', { name: 'Copy signing secret' }).click();
    await expect(secretPanel.getByRole('button', { name: 'Copied signing secret' })).toBeVisible();
    await secretPanel.getByRole('button', { name: 'Done' }).click();
    await expect(secretPanel).toBeHidden();

    const endpoint = page
      .getByRole('list', { name: 'Webhook endpoints' })
      .getByRole('listitem')
      .filter({ has: page.getByText(receiver.url, { exact: true }) });
    await expect(endpoint.getByRole('switch', { name: `Enabled ${receiver.url}` })).toBeChecked();
    await endpoint.getByRole('button', { name: `Send test to ${receiver.url}` }).click();
    await expect(
      endpoint.getByRole('status').filter({ hasText: 'Sent a test ping: its delivery is listed below.' }),
    ).toBeVisible();

    // The worker sends it; the page, asking again while the delivery is pending, shows it delivered.
    const deliveries = page.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    const ping = deliveries.getByRole('row').filter({ hasText: 'ping' });
    await expect(ping).toHaveCount(1);
    // On a phone the status sits under the event, on a wide screen in its own column: whichever is shown.
    await expect(ping.getByText('Succeeded', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(ping).toContainText('204');
    await expect.poll(() => receiver.received.length).toBe(1);
    const [sent] = receiver.received;
    expect(sent!.method).toBe('POST');
    expect(sent!.headers['webhook-id']).toBeTruthy();
    expect(sent!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(sent!.body)).toMatchObject({ type: 'ping' });
    await pageChecks.scanNow();
  } finally {
    await receiver.close();
  }
});

/**
 * The links of a kind (`verify-email`, `invitations/…/accept`) the dev mailbox holds for `email`, once it holds
 * `count` of them (the mail worker sends them a moment after the request).
 */
async function mailedLinks(request: APIRequestContext, email: string, pattern: RegExp, count: number) {
  let links: string[] = [];
  await expect
    .poll(async () => {
      const mailbox: { to: string; text: string }[] = await (await request.get('/api/dev/mailbox')).json();
      links = mailbox
        .filter(({ to }) => to === email)
        .map(({ text }) => pattern.exec(text)?.[0])
        .filter((link): link is string => link !== undefined);
      return links.length;
    })
    .toBe(count);
  return links;
}

test('an unverified owner learns why keys wait, gets a new link, and once verified makes them; an endpoint whose maker left says so until switched on again', async ({
  page,
  request,
  signIn,
  pageChecks,
}) => {
  const { email } = await signIn(undefined, { team: 'Fresh Start' });
  await page.goto('/team/developers');
  await expect(
    page.getByText('Verify your email address to create API keys and webhook endpoints.'),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create API key' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Add endpoint' })).toHaveCount(0);
  await pageChecks.scanNow();

  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Verification email sent. Open the link in it, then reload this page.' }),
  ).toBeVisible();
  const links = await mailedLinks(request, email, /https?:\/\/\S+\/verify-email\?token=\S+/, 2);
  const newest = new URL(links.at(-1)!);
  await page.goto(newest.pathname + newest.search);
  await expect(page.getByText('Your email address is verified and you are signed in.')).toBeVisible();

  await page.goto('/team/developers');
  await expect(page.getByRole('form', { name: 'Create API key' })).toBeVisible();
  await expect(
    page.getByText('Verify your email address to create API keys and webhook endpoints.'),
  ).toHaveCount(0);

  // An admin adds an endpoint, and is then removed from the team.
  const adminEmail = uniqueEmail();
  expect((await api(page, 'POST', '/invite', { email: adminEmail, role: 'admin' })).status).toBe(201);
  const [invitation] = await mailedLinks(request, adminEmail, /\/invitations\/[^/\s]+\/accept/, 1);
  const admin = await (await request.get(`/api${invitation}`)).json();
  const team = (await api(page, 'GET', '/tenant')).body.uuid as string;
  const url = 'https://hooks.example.com/tessera_receiver_with_a_path_too_long_for_one_line';
  const added = await request.post('/api/webhooks', {
    headers: { authorization: `Bearer ${admin.access_token}`, 'x-tenant-uuid': team },
    data: { url, events: ['item.created'] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const members = (await api(page, 'GET', '/members')).body as { user_uuid: string; email: string }[];
  const leaver = members.find((member) => member.email === adminEmail)!;
  expect((await api(page, 'DELETE', '/members', { user_uuid: leaver.user_uuid })).status).toBe(204);

  await page.reload();
  const endpoint = page
    .getByRole('list', { name: 'Webhook endpoints' })
    .getByRole('listitem')
    .filter({ has: page.getByText(url, { exact: true }) });
  const toggle = endpoint.getByRole('switch', { name: `Enabled ${url}` });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription('Disabled when its maker left the team');
  await expect(endpoint).toContainText(`Created by ${adminEmail}`);
  await pageChecks.scanNow();

  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(endpoint).toContainText(`Created by ${email}`);
  await expect(endpoint.getByText('Disabled when its maker left the team')).toHaveCount(0);

  // The log says why; a long URL wraps inside its row, so the log needs no sideways scroll (on a phone, its rows are
  // cards, and one long value once widened them all past the screen).
  await page.goto('/team/activity');
  const retired = page.getByRole('row').filter({ hasText: `${url} (admin role lost)` });
  await expect(retired).toContainText('Webhook endpoint disabled');
  const container = page.locator('[data-slot="table-container"]');
  expect(
    await container.evaluate((element) => element.scrollWidth - element.clientWidth),
  ).toBeLessThanOrEqual(0);
});
