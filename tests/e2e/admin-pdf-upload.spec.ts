import { randomBytes } from 'node:crypto';
import { expect, openAdmin, test, unique, waitForPublished } from './admin-fixtures';

/** A 10 MB PDF: a real header, random filler, the trailer (three parts of at most 4 MiB). */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n%');
  const tail = Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

test.describe.configure({ timeout: 150_000 });

test('a PDF uploads in parts with a progress bar, resumes after the connection drops, and is live from the deploy', async ({
  page,
}) => {
  const file = pdf(10 * 1024 * 1024);
  const title = unique('E2E full report');
  await openAdmin(page, '/admin/publications', 'Publications');
  await page.getByRole('button', { name: 'Add publication' }).click();
  const form = page.getByRole('dialog', { name: 'Add publication' });
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Description/).fill('A report too large for one request.');

  // The connection drops for good while part 1 travels (the browser's one retry fails too).
  let dropped = 0;
  await page.route('**/api/admin/pdf-uploads/*/parts/1', async (route) => {
    if (route.request().method() === 'PUT') {
      dropped++;
      await route.abort('connectionfailed');
    } else await route.continue();
  });
  await form
    .getByTestId('publications-form-pdf-file')
    .setInputFiles({ name: 'Full Report.pdf', mimeType: 'application/pdf', buffer: file });
  await expect(form.getByRole('progressbar', { name: 'PDF upload progress' })).toBeVisible();
  const resume = form.getByRole('button', { name: 'Resume upload' });
  await expect(resume).toBeVisible({ timeout: 45_000 });
  expect(dropped).toBe(2);
  await expect(form.getByRole('textbox', { name: 'PDF' })).toHaveValue('');

  // Back online: Resume sends only what the server does not have (part 0 is not sent again).
  await page.unroute('**/api/admin/pdf-uploads/*/parts/1');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/parts/'))
      sent.push(r.url().split('/parts/')[1]!);
  });
  await resume.click();
  await expect(form.getByRole('textbox', { name: 'PDF' })).toHaveValue(
    /^\/pdf\/[a-f0-9]{32}\/Full-Report\.pdf$/,
    { timeout: 30_000 },
  );
  expect(sent).toEqual(['1', '2']);
  await expect(form.getByTestId('publications-form-pdf-progress')).toBeHidden();
  const pdfUrl = await form.getByRole('textbox', { name: 'PDF' }).inputValue();

  await form.getByRole('button', { name: 'Add publication' }).click();
  await expect(form).toBeHidden();

  await waitForPublished(page, '/publications', title);
  const res = await page.request.get(pdfUrl);
  expect(res.status()).toBe(200);
  expect(Buffer.compare(await res.body(), file)).toBe(0);
  const id = (
    (await (await page.request.get(`/api/publications/all?q=${encodeURIComponent(title)}`)).json())
      .items as {
      id: string;
      title: string;
    }[]
  ).find((p) => p.title === title)!.id;
  await page.request.delete(`/api/publications/${id}`);
});
