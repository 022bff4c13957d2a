import { expect, openAdmin, press, test, unique } from './admin-fixtures';

// A 1×1 PNG: enough for the server's magic-byte check.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('publishing an image without alt text is refused with the reason at the field, and saved once described', async ({
  page,
}) => {
  const title = unique('E2E pictured area');
  let id = '';
  try {
    await openAdmin(page, '/admin/research-areas', 'Research areas');
    await press(page.getByRole('button', { name: 'Add research area' }));
    const form = page.getByRole('dialog', { name: 'Add research area' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Description/).fill('Made by the alt text browser test.');
    await form
      .getByTestId('research-areas-form-image-file')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByLabel(/^Image$/)).toHaveValue(/^\/api\/uploads\//);

    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/research-areas') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Add research area' }).click();
    expect((await refused).status()).toBe(400);
    await expect(form).toBeVisible();
    await expect(form.getByText(/The image has no alt text/).first()).toBeVisible();

    await form.getByLabel(/^Image alt text/).fill('Two researchers at a whiteboard');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/research-areas') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Add research area' }).click();
    const res = await saved;
    expect(res.status()).toBe(201);
    id = (await res.json()).id;
    await expect(form).toBeHidden();
    await expect(page.getByTestId('collection-row').filter({ hasText: title })).toHaveCount(1);
  } finally {
    if (id) await page.request.delete(`/api/research-areas/${id}`);
  }
});
