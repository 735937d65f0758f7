// Feedback, sent the quick way: the f key opens the modal anywhere outside a text field.
import { expect, test } from '../fixtures.ts';

test('the f key opens the feedback modal, which counts characters and thanks the sender', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();

  await page.keyboard.press('f');
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  const message = dialog.getByLabel('Your feedback');
  await expect(message).toBeFocused();
  await expect(message).toHaveAttribute('maxlength', '5000');
  await expect(dialog.getByText('0 / 5000')).toBeVisible();

  await dialog.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(dialog.getByText('Please enter your feedback')).toBeVisible();

  // Typing f in the modal writes it; it does not close the modal.
  await message.pressSequentially('Tiles are fun');
  await expect(message).toHaveValue('Tiles are fun');
  await expect(dialog.getByText('13 / 5000')).toBeVisible();
  // It is sent with the page it was written on as the route.
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedback/',
  );
  await dialog.getByRole('button', { name: 'Send Feedback' }).click();
  expect((await sent).postDataJSON()).toEqual({ message: 'Tiles are fun', route: '/items' });
  await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
  // Success modals close after 2 s (docs/spec.md section 9).
  await expect(dialog).toBeHidden();
});

test('the f key toggles the modal, but types an f in a text field', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/team');
  const name = page.getByLabel('Team name');
  await expect(name).toHaveValue('Acme');

  await name.click();
  await page.keyboard.press('End');
  await page.keyboard.press('f');
  await expect(name).toHaveValue('Acmef');
  await expect(page.getByRole('dialog', { name: 'Send Feedback' })).toHaveCount(0);

  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('f');
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('f');
  await expect(dialog).toBeHidden();

  // The top bar's button opens it too.
  await page.getByRole('button', { name: 'Feedback' }).click();
  await expect(dialog).toBeVisible();
});
