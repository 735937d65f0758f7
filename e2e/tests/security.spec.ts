// Team → Security (docs/contract.md section 4, Enterprise identity): a Business team adds its domain, sees the record
// to publish, is told while it is not there, publishes it (through the DNS stand-in the server resolves with) and
// verifies it; then removes it.
import { expect, onBusinessPlan, publishTxt, test } from '../fixtures';

test('an owner proves the team holds a domain through its DNS record, then removes it', async ({
  page,
  signIn,
  pageChecks,
}) => {
  await signIn();
  await onBusinessPlan(page);

  await page.goto('/team');
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByText('No domains yet')).toBeVisible();

  const domain = `corp-${crypto.randomUUID().slice(0, 8)}.example`;
  await page.getByRole('textbox', { name: 'Domain' }).fill(domain.toUpperCase());
  await page.getByRole('button', { name: 'Add domain' }).click();
  const row = page.getByRole('list', { name: 'Domains' }).getByRole('listitem').filter({ hasText: domain });
  await expect(row.getByText('Not verified')).toBeVisible();
  const name = await row.getByText(`_tessera-challenge.${domain}`).textContent();
  const value = await row.getByText(/^tessera-verification=/).textContent();

  await row.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(row.getByText('TXT record not found')).toBeVisible();
  await pageChecks.scanNow();

  publishTxt(name!, value!);
  await row.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expect(row.getByText(`_tessera-challenge.${domain}`)).toHaveCount(0);

  await row.getByRole('button', { name: `Remove ${domain}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this domain?' });
  await dialog.getByRole('button', { name: 'Remove domain' }).click();
  await expect(page.getByText('No domains yet')).toBeVisible();
});
