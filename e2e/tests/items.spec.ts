// Items, as a team member works with them: the empty table, create, edit, delete, and older items by 'Load more'.
import { api, expect, test, uniqueEmail } from '../fixtures.ts';

test('a member creates, edits and deletes items, starting from the empty state', async ({
  page,
  signIn,
  mailTo,
}) => {
  // The owner invites a member; the member accepts in this browser, which signs them in.
  await signIn(undefined, { team: 'Tile Works' });
  const member = uniqueEmail();
  expect((await api(page, 'POST', '/invite', { email: member, role: 'member' })).status).toBe(201);
  await page.goto((await mailTo(member)).link);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to Tile Works');

  await page.goto('/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
  await expect(page.getByText('No items found.')).toBeVisible();

  // Create: the name is required.
  await page.getByRole('button', { name: 'Create Item' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create Item' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Blue tile');
  await dialog.getByLabel('Description').fill('Glazed, 10 by 10');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Blue tile/ })).toContainText('Glazed, 10 by 10');

  await page.getByRole('button', { name: 'Create Item' }).click();
  dialog = page.getByRole('dialog', { name: 'Create Item' });
  await dialog.getByLabel('Name').fill('Grout');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  // Newest first, and an item without a description says so.
  await expect(page.getByRole('row').nth(1)).toContainText('Grout');
  await expect(page.getByRole('row', { name: /Grout/ }).locator('em')).toHaveText('No description');

  // Edit starts from the item's values.
  await page.getByRole('button', { name: 'Edit Blue tile' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Blue tile');
  await expect(dialog.getByLabel('Description')).toHaveValue('Glazed, 10 by 10');
  await dialog.getByLabel('Name').fill('Navy tile');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Navy tile/ })).toContainText('Glazed, 10 by 10');
  await expect(page.getByRole('row', { name: /Blue tile/ })).toHaveCount(0);

  // Delete asks first.
  await page.getByRole('button', { name: 'Delete Navy tile' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete item' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: /Navy tile/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Navy tile' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Navy tile/ })).toHaveCount(0);

  // What is left is what the server kept.
  await page.reload();
  await expect(page.getByRole('row', { name: /Grout/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Grout' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No items found.')).toBeVisible();
});

test("'Load more' shows the items older than the first page of 100", async ({ page, signIn }) => {
  await signIn(undefined, { team: 'Big Team' });
  // More than the free plan's 100 items: the team pays for Pro first (checkout, then the test card).
  const checkout = await api(page, 'POST', '/payments/checkout', { plan_id: 'pro' });
  const session = (checkout.body as { url: string }).url.split('/').pop();
  const paid = await api(page, 'POST', `/payments/local/checkout/${session}/pay`, {
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  expect((await api(page, 'POST', '/items/', { name: 'The oldest item' })).status).toBe(201);
  for (let batch = 0; batch < 5; batch += 1) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api(page, 'POST', '/items/', { name: `Item ${batch * 20 + index + 1}` }),
      ),
    );
    expect(answers.map(({ status }) => status)).toEqual(Array(20).fill(201));
  }

  await page.goto('/items');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(101); // the header and 100 items
  await expect(page.getByRole('cell', { name: 'The oldest item', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('cell', { name: 'The oldest item', exact: true })).toBeVisible();
  await expect(rows).toHaveCount(102);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
