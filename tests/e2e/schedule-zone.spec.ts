import { expect, openAdmin, test } from './admin-fixtures';

// The admin's browser is in Tokyo; the site's zone is Europe/London.
test.use({ timezoneId: 'Asia/Tokyo' });

test('a new publication is scheduled in the site’s zone, named under the time with the admin’s own clock', async ({
  page,
}) => {
  await openAdmin(page, '/admin/publications', 'Publications');
  await page.getByRole('button', { name: 'Add publication' }).click();
  const form = page.getByRole('dialog', { name: 'Add publication' });
  await expect(form.getByLabel('Time zone', { exact: true })).toHaveValue('Europe/London');
  await form.getByLabel(/^Publish at/).fill('2031-07-15T09:00');
  await expect(form.getByTestId('zone-note')).toHaveText(
    'Time in Europe/London · July 15, 2031, 17:00 Tokyo time on your clock (Asia/Tokyo)',
  );
  await form.getByLabel(/^Publish at/).fill('2032-01-15T09:00');
  await expect(form.getByTestId('zone-note')).toContainText(
    'January 15, 2032, 18:00 Tokyo time on your clock',
  );
});
