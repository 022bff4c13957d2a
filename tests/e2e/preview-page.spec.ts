import { readFile } from 'node:fs/promises';
import { expect, openWhenBuilt, test, unique } from './admin-fixtures';

test.describe.configure({ timeout: 180_000 });

test('a preview shows the authors and topics the public page will, cites them, downloads its citation, and its band covers nothing', async ({
  page,
  browser,
}) => {
  const title = unique('E2E previewed brief');
  const areas = (await (await page.request.get('/api/research-areas')).json()) as {
    id: string;
    title: string;
  }[];
  const made = await page.request.post('/api/publications', {
    data: {
      title,
      description: 'Under embargo.',
      type: 'Report',
      status: 'draft',
      authors: [{ name: 'Dr. Jo Bloggs' }, { name: 'Sam Ortiz' }],
      topics: [areas[0]!.id],
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const link = await page.request.post('/api/admin/preview-links', {
    data: { kind: 'publication', id },
  });
  expect(link.status()).toBe(201);
  const { url } = (await link.json()) as { url: string };

  const journalist = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const reader = await journalist.newPage();
  await openWhenBuilt(reader, url);
  await expect(reader.getByTestId('publication-authors')).toHaveText('Dr. Jo Bloggs, Sam Ortiz');
  await expect(reader.getByTestId('publication-topics')).toContainText(areas[0]!.title);
  await expect(reader.getByTestId('cite-apa')).toContainText(`Bloggs, J., & Ortiz, S. (`);

  // The band sits above the header: neither covers the other, on a phone's width.
  const band = (await reader.getByTestId('preview-band').boundingBox())!;
  const logo = (await reader.locator('#site-header a[href="/"]').boundingBox())!;
  expect(logo.y).toBeGreaterThanOrEqual(band.y + band.height);

  const [download] = await Promise.all([
    reader.waitForEvent('download'),
    reader.getByTestId('cite-ris').click(),
  ]);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toContain(`TI  - ${title}`);
  expect(text).toContain('AU  - Bloggs, Jo');

  await journalist.close();
  await page.request.delete(`/api/publications/${id}`);
});
