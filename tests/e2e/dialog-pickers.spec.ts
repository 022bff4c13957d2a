import { expect, openAdmin, test } from './admin-fixtures';

test('a cancelled file picker or a click on the drawer’s edge keeps a half-filled drawer open; Escape in the drawer and the backdrop ask to close it, in a centred box', async ({
  page,
}) => {
  await openAdmin(page, '/admin/publications', 'Publications');
  await page.getByRole('button', { name: 'Add publication' }).click();
  const form = page.getByRole('dialog', { name: 'Add publication' });
  await form.getByLabel(/^Title/).fill('Half-written brief');

  // What Chromium does when the file chooser is dismissed: a `cancel` that bubbles to the dialog.
  await form
    .getByTestId('publications-form-pdf-file')
    .evaluate((input) => input.dispatchEvent(new Event('cancel', { bubbles: true })));
  await expect(form).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(form.getByLabel(/^Title/)).toHaveValue('Half-written brief');

  // A click on the drawer's own edge (where its scroll bar is) is not a backdrop click.
  const box = (await form.boundingBox())!;
  await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
  await expect(form).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Escape with focus in the drawer asks to close it; with a change made, it asks first.
  await form.getByLabel(/^Title/).press('Escape');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  // A confirmation is a centred box, not a strip across the screen.
  const viewport = page.viewportSize()!;
  const c = (await confirm.boundingBox())!;
  expect(c.width).toBeLessThanOrEqual(480);
  expect(Math.abs(c.x + c.width / 2 - viewport.width / 2)).toBeLessThan(4);
  expect(Math.abs(c.y + c.height / 2 - viewport.height / 2)).toBeLessThan(viewport.height / 4);
  await confirm.getByRole('button', { name: 'Stay' }).click();
  await expect(form.getByLabel(/^Title/)).toHaveValue('Half-written brief');

  // A click on the backdrop (left of the drawer) asks too, and leaving closes the drawer.
  await page.mouse.click(5, viewport.height / 2);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(form).toBeHidden();
});
