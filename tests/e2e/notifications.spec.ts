import { expect, openAdmin, test } from './admin-fixtures';

// The choices behind notification emails, as a team member and an admin make them in the admin.
test('My account: a notification turned off stays off; the Email page keeps the shared inbox', async ({
  page,
}) => {
  await openAdmin(page, '/admin/account', 'My account');
  const section = page.getByRole('region', { name: 'Email notifications' });
  // An admin handles every kind, review included; with no verified address yet, it says so.
  await expect(section.getByRole('checkbox')).toHaveCount(6);
  await expect(section.getByTestId('notification-address')).toContainText(
    'no verified email address yet',
  );
  const contact = section.getByRole('checkbox', { name: 'New contact messages' });
  await expect(contact).toBeChecked();
  await contact.uncheck();
  await expect(page.getByText('Notification turned off')).toBeVisible();
  await page.reload();
  const again = page
    .getByRole('region', { name: 'Email notifications' })
    .getByRole('checkbox', { name: 'New contact messages' });
  await expect(again).not.toBeChecked();
  await again.check();
  await expect(page.getByText('Notification turned on')).toBeVisible();

  await openAdmin(page, '/admin/email', 'Email');
  const inbox = page.getByRole('region', { name: 'Shared inbox for contact messages' });
  await inbox.getByLabel('Address (leave empty for none)').fill('press@meridian.example');
  await inbox.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Shared inbox saved')).toBeVisible();
  await page.reload();
  const field = page
    .getByRole('region', { name: 'Shared inbox for contact messages' })
    .getByLabel('Address (leave empty for none)');
  await expect(field).toHaveValue('press@meridian.example');
  await field.fill('');
  await page
    .getByRole('region', { name: 'Shared inbox for contact messages' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('Shared inbox removed')).toBeVisible();
});
