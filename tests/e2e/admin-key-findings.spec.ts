import { expect, openAdmin, test } from './admin-fixtures';

/** The publication form's list editors: findings are added, reordered and removed, and saved in order. */
test('key findings are added, moved up, removed and saved in their order', async ({ page }) => {
  await openAdmin(page, '/admin/publications', 'Publications');
  await page.getByRole('button', { name: 'Add publication' }).click();
  const form = page.getByRole('dialog', { name: 'Add publication' });
  await form.getByRole('textbox', { name: /^Title/ }).fill('Findings from the browser test');
  await form.getByRole('textbox', { name: /^Description/ }).fill('A report with key findings.');

  const findings = form.getByRole('group', { name: 'Key findings' });
  for (const text of ['First finding', 'Second finding', 'Third finding']) {
    await findings.getByRole('button', { name: 'Add a finding' }).click();
    await findings.getByRole('textbox').last().fill(text);
  }
  await findings.getByRole('button', { name: 'Move finding 3 up' }).click();
  await findings.getByRole('button', { name: 'Remove finding 1' }).click();

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/publications') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add publication' }).click();
  const saved = await (await created).json();
  expect(saved.keyFindings).toEqual(['Third finding', 'Second finding']);
  expect((await page.request.delete(`/api/publications/${saved.id}`)).status()).toBe(200);
});
