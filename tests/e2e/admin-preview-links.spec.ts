import { expect, openAdmin, openWhenBuilt, test, unique } from './admin-fixtures';

test.describe.configure({ timeout: 180_000 });

test('an editor makes a preview link to a draft, a journalist opens it, the admin shows who made it and when it was opened, and a revoked link stops working', async ({
  page,
  browser,
}) => {
  const title = unique('E2E embargoed report');
  const made = await page.request.post('/api/publications', {
    data: { title, description: 'Under embargo.', status: 'draft' },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  await openAdmin(page, '/admin/preview-links', 'Preview links');
  await page
    .getByLabel('Item', { exact: true })
    .selectOption({ label: `${title} (publication, draft)` });
  await page.getByRole('button', { name: 'Make link' }).click();
  const url = (await page.getByTestId('preview-url').textContent())!;
  expect(new URL(url).pathname).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
  const row = page.getByTestId('preview-link').filter({ hasText: title });
  await expect(row).toContainText('made by');
  await expect(row).toContainText('never opened');

  // The journalist has no account: a fresh browser context. The draft's page appears once the
  // rebuild that renders it is done (until then the link says it is being prepared).
  const journalist = await browser.newContext();
  const reader = await journalist.newPage();
  await openWhenBuilt(reader, url);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByTestId('preview-band')).toContainText('Preview — a draft');

  await page.reload();
  await expect(page.getByTestId('preview-link').filter({ hasText: title })).toContainText(
    'last opened',
  );

  await page.getByRole('button', { name: `Revoke the preview link to ${title}` }).click();
  await expect(page.getByText(`The preview of ${title} no longer opens.`)).toBeVisible();
  expect((await reader.goto(url))!.status()).toBe(404);
  await expect(
    reader.getByRole('heading', { name: 'This preview link does not work' }),
  ).toBeVisible();

  await journalist.close();
  await page.request.delete(`/api/publications/${id}`);
});
