// SCIM provisioning in the browser (docs/contract.md section 4, Enterprise identity): the owner of a Business team
// with a verified domain makes its SCIM token on the Security page (shown once, with the base URL); a directory adds
// two people and deactivates one through /api/scim/v2; the Team page shows who the directory manages, and removing
// one says the directory may add them back.
import { api, expect, onBusinessPlan, publishTxt, test } from '../fixtures';

test('a directory provisions the team through the token its owner made', async ({
  page,
  signIn,
  pageChecks,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(undefined, { team: 'Globex', verified: true });
  await onBusinessPlan(page);
  const domain = `globex-${crypto.randomUUID().slice(0, 8)}.example`;
  const added = await api(page, 'POST', '/domains', { domain });
  const { id, txt_name, txt_value } = added.body as { id: string; txt_name: string; txt_value: string };
  publishTxt(txt_name, txt_value);
  expect((await api(page, 'POST', `/domains/${id}/verify`)).status).toBe(200);

  // The token, shown once with the base URL, and copied.
  await page.goto('/team/security');
  await page.getByRole('button', { name: 'Create SCIM token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy your SCIM token' });
  await expect(dialog).toContainText('Copy it now: it will not be shown again.');
  const token = await dialog.getByLabel('Token').inputValue();
  expect(token).toMatch(/^tscim_/);
  await expect(dialog.getByLabel('Base URL')).toHaveValue(`${baseURL}/api/scim/v2`);
  await dialog.getByRole('button', { name: 'Copy SCIM token' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await pageChecks.scanNow();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Never used')).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  // The directory adds two people and deactivates one, as Okta would.
  const scim = (method: 'POST' | 'PATCH', path: string, data: object) =>
    page.request.fetch(`/api/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      data: JSON.stringify(data),
    });
  const user = (name: string) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: `${name}@${domain}`,
    name: { givenName: name },
  });
  expect((await scim('POST', '/Users', user('peter'))).status()).toBe(201);
  const samir = await scim('POST', '/Users', user('samir'));
  expect(samir.status()).toBe(201);
  const deactivated = await scim('PATCH', `/Users/${(await samir.json()).id}`, {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'replace', value: { active: false } }],
  });
  expect(deactivated.status()).toBe(200);

  // The Security page says the token has been used; the Team page, whom the directory manages.
  await page.reload();
  await expect(page.getByText(/^Last used /)).toBeVisible();
  await page.goto('/team');
  const members = page.getByRole('table', { name: 'Members' });
  const peter = members.getByRole('row').filter({ hasText: `peter@${domain}` });
  const samirRow = members.getByRole('row').filter({ hasText: `samir@${domain}` });
  await expect(peter).toContainText('Directory');
  await expect(peter).not.toContainText('Deactivated');
  await expect(samirRow).toContainText('Deactivated');
  await pageChecks.scanNow();

  // Removing a member the directory manages says what the directory may do next.
  await peter.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm).toContainText('This member is managed by your directory.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(peter).toBeVisible();
});
