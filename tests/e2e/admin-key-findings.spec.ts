import { expect, openAdmin, test } from './admin-fixtures';
import { axe } from './axe';

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

test('a data file is uploaded in the publication form, with its title and dictionary, and saved', async ({
  page,
}) => {
  await openAdmin(page, '/admin/publications', 'Publications');
  await page.getByRole('button', { name: 'Add publication' }).click();
  const form = page.getByRole('dialog', { name: 'Add publication' });
  await form.getByRole('textbox', { name: /^Title/ }).fill('Data from the browser test');
  await form.getByRole('textbox', { name: /^Description/ }).fill('A report with its data.');

  const files = form.getByRole('group', { name: 'Data files' });
  await files.getByRole('button', { name: 'Add a data file' }).click();
  await form.getByTestId('publications-form-dataFiles-0-url-file').setInputFiles({
    name: 'scores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('country,score\nChile,64\n'),
  });
  await expect(files.getByRole('textbox', { name: 'File 1', exact: true })).toHaveValue(
    /^\/data\/[a-f0-9]{32}\/scores\.csv$/,
  );
  await files.getByRole('textbox', { name: 'Title of file 1' }).fill('Scores by country');
  await files.getByRole('button', { name: 'Add a column to file 1' }).click();
  await files.getByRole('textbox', { name: 'Column 1 of file 1' }).fill('score');
  await files.getByRole('textbox', { name: 'Meaning 1 of file 1' }).fill('Readiness score');
  await files.getByRole('textbox', { name: 'Unit 1 of file 1' }).fill('points');
  const { violations } = await axe(page).include('[role="dialog"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual([]);

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/publications') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add publication' }).click();
  const saved = await (await created).json();
  expect(saved.dataFiles).toEqual([
    {
      url: expect.stringMatching(/^\/data\/[a-f0-9]{32}\/scores\.csv$/),
      title: 'Scores by country',
      description: '',
      columns: [{ name: 'score', meaning: 'Readiness score', unit: 'points' }],
    },
  ]);
  expect((await page.request.delete(`/api/publications/${saved.id}`)).status()).toBe(200);
});
