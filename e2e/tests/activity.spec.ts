// The team's activity log as the owner reads it: an item's life in three entries, the filter, and the CSV export.
import { readFile } from 'node:fs/promises';

import { expect, test } from '../fixtures.ts';

test('the owner sees an item created, renamed and deleted, filters by action and exports CSV', async ({
  page,
  signIn,
}) => {
  const { email } = await signIn(undefined, { team: 'Tile Works' });

  await page.goto('/items');
  await page.getByRole('button', { name: 'Create Item' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create Item' });
  await dialog.getByLabel('Name').fill('Blue tile');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit Blue tile' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await dialog.getByLabel('Name').fill('Navy tile');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete Navy tile' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete item' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No items found.')).toBeVisible();

  // The Team page leads there.
  await page.goto('/team');
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/team\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Team activity' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(`${email}Item deletedNavy tile`);
  await expect(rows.nth(2)).toContainText(`${email}Item updatedNavy tile`);
  await expect(rows.nth(3)).toContainText(`${email}Item createdBlue tile`);

  await page.getByLabel('Action').selectOption({ label: 'Item deleted' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Item deleted');

  await page.getByLabel('Action').selectOption({ label: 'All actions' });
  await expect(rows).toHaveCount(4);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('activity.csv');
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('created_at,actor_email,action,target');
  expect(lines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
    `${email},item.deleted,Navy tile`,
    `${email},item.updated,Navy tile`,
    `${email},item.created,Blue tile`,
  ]);
});
