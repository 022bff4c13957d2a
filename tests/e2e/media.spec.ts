import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { axe } from './axe';
import {
  buildsDone,
  expect,
  openAdmin,
  SharedRebuild,
  test,
  unique,
  waitForPublished,
} from './admin-fixtures';
import { createTestUser } from '../helpers/platform';
import { signIn } from './fixtures';

/** A real photo-sized PNG in one colour (each test its own colour, so its own asset). */
const png = (r: number, g: number, b: number, width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** Uploads into the library through the API and answers { id, url }. */
async function uploadAsset(request: APIRequestContext, name: string, bytes: Buffer) {
  const res = await request.post('/api/admin/media', {
    multipart: { file: { name, mimeType: 'image/png', buffer: bytes } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; url: string };
}

/** Every axe violation on the page, whatever its impact, one line each. */
const violations = async (page: Page) =>
  (await axe(page, ['best-practice']).analyze()).violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

// The team photo placed in place goes live in the rebuild the Open Graph test waits for first;
// serial, so a failure skips the rest instead of checking a new worker's site. afterAll puts the
// photo back.
test.describe.configure({ mode: 'serial' });
const published = new SharedRebuild();
test.afterAll(({ site, adminSession }) => published.putBackAs(site.url, adminSession));

test('the Media page shows where an image is used and refuses to delete it meanwhile', async ({
  page,
}) => {
  const name = `${unique('e2e-uses')}.png`;
  const asset = await uploadAsset(page.request, name, await png(30, 120, 200));
  const memberName = unique('E2E Media Member');
  const created = await page.request.post('/api/team-members', {
    data: { name: memberName, position: 'Fellow', image: asset.url },
  });
  expect(created.status()).toBe(201);
  const member = (await created.json()) as { id: string };
  try {
    // The dashboard counts the images without alt text and links to them.
    await openAdmin(page, '/admin', 'Dashboard');
    await expect(page.getByTestId('media-without-alt')).toContainText(/no alt text/);
    await page.getByRole('link', { name: 'Describe them on Media' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    await expect(page.getByLabel('Only images without alt text')).toBeChecked();
    await page.getByLabel('Search').fill(name);
    const item = page.getByTestId('media-item').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Used in 1 place');
    await expect(item).toContainText('No alt text');
    expect(await violations(page)).toEqual([]);

    await item.getByRole('button').click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByTestId('asset-uses')).toContainText(`Team member: ${memberName}`);
    await expect(details.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(details).toContainText(
      'Shown in 1 place: it can be deleted once nothing shows it',
    );
    expect(await violations(page)).toEqual([]);
    // The server holds the same line for a client that skips the page.
    const refused = await page.request.delete(`/api/admin/media/${asset.id}`);
    expect(refused.status()).toBe(409);
    expect((await refused.json()).uses).toEqual([
      { target: `team-members/${member.id}`, field: 'image', label: memberName },
    ]);

    // Once nothing shows it, the page deletes it.
    expect((await page.request.delete(`/api/team-members/${member.id}`)).status()).toBe(200);
    await details.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    await page.getByLabel('Search').fill(name);
    await page.getByTestId('media-item').filter({ hasText: name }).getByRole('button').click();
    const again = page.getByRole('dialog', { name });
    await expect(again).toContainText('Nothing shows this image.');
    await again.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this image?' })
      .getByRole('button', { name: 'Delete image' })
      .click();
    await expect(page.getByText(`${name} is gone.`)).toBeVisible();
    await expect(page.getByTestId('media-item').filter({ hasText: name })).toHaveCount(0);
    expect((await page.request.get(asset.url)).status()).toBe(404);
  } finally {
    await page.request.delete(`/api/team-members/${member.id}`);
  }
});

test('the picker sets the focal point by dragging and by the arrow keys, and passes axe', async ({
  page,
}) => {
  const name = `${unique('e2e-focal')}.png`;
  const asset = await uploadAsset(page.request, name, await png(200, 60, 40));
  await openAdmin(page, '/admin/research-areas', 'Research areas');
  await page.getByRole('button', { name: 'Add research area' }).click();
  const form = page.getByRole('dialog', { name: 'Add research area' });
  await form.getByRole('button', { name: 'Choose from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByLabel('Search the library').fill(name);
  await expect(picker.getByTestId('media-picker-item')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
  await picker.getByTestId('media-picker-item').click();

  const place = page.getByRole('dialog', { name: 'Place the image' });
  const frame = place.getByTestId('focal-frame');
  const box = (await frame.boundingBox())!;
  // Drag from the centre to a quarter across and a fifth down.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.2, { steps: 4 });
  await page.mouse.up();
  await expect(place.getByTestId('focal-value')).toHaveText(
    'Focal point: 25% from the left, 20% from the top.',
  );
  const marker = place.getByTestId('focal-marker');
  await marker.focus();
  for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(place.getByTestId('focal-value')).toHaveText(
    'Focal point: 28% from the left, 30% from the top.',
  );
  // The crops beside it follow the point.
  await expect(place.getByTestId('focal-crop').first()).toHaveCSS('object-position', '28% 30%');
  expect(await violations(page)).toEqual([]);

  await place.getByLabel('Alt text here').fill('A red square');
  await place.getByRole('button', { name: 'Use this image' }).click();
  await expect(place).toBeHidden();
  await expect(form.getByLabel(/^Image$/)).toHaveValue(asset.url);
  await expect(form.getByLabel(/^Image alt text/)).toHaveValue('A red square');
  const saved = await (await page.request.get(`/api/admin/media/${asset.id}`)).json();
  expect(saved.focalX).toBeCloseTo(0.28, 2);
  expect(saved.focalY).toBeCloseTo(0.3, 2);
});

test('an editor changes a team photo in place, places it, and the card crops there once published (below)', async ({
  page,
}) => {
  const name = `${unique('e2e-in-place')}.png`;
  // A tall photo in a wide card: rows are cut, so the focal point's height shows in the crop.
  const asset = await uploadAsset(page.request, name, await png(90, 160, 90, 300, 900));
  await page.goto('/team?edit=true');
  const card = page.locator('[data-member]').first();
  const memberId = (await card.getAttribute('id'))!.replace(/^member-/, '');
  const before = await (await page.request.get(`/api/team-members/${memberId}`)).json();
  published.undo((api) =>
    api.patch(`/api/team-members/${memberId}`, { data: { image: before.image ?? '' } }),
  );
  await card.getByTestId('change-image').click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByLabel('Search the library').fill(name);
  await expect(picker.getByTestId('media-picker-item')).toHaveCount(1);
  await picker.getByTestId('media-picker-item').filter({ hasText: name }).click();
  const place = page.getByRole('dialog', { name: 'Place the image' });
  const marker = place.getByTestId('focal-marker');
  await marker.focus();
  await page.keyboard.press('Home');
  for (let n = 0; n < 3; n++) await page.keyboard.press('Shift+ArrowUp');
  await expect(place.getByTestId('focal-value')).toHaveText(
    'Focal point: 50% from the left, 20% from the top.',
  );
  // The page's own picture previews the crop meanwhile.
  await expect(card.locator('img[data-edit-image]')).toHaveCSS('object-position', '50% 20%');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/team-members/${memberId}`) && r.request().method() === 'PATCH',
  );
  await place.getByRole('button', { name: 'Use this image' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Image saved')).toBeVisible();

  published.expectLive('/team', encodeURIComponent(asset.url));
  published.thenCheck(async (p) => {
    await p.goto('/team');
    const photo = p.locator(`#member-${memberId} img`);
    await expect(photo).toHaveAttribute('src', new RegExp(encodeURIComponent(asset.url)));
    await expect(photo).toHaveCSS('object-position', '50% 20%');
  });
});

const CONTRIBUTOR = { username: 'e2e-media-contributor', password: 'contributor-password-123' };

for (const who of ['an editor under the two-person rule', 'a contributor'] as const) {
  test(`${who}: Change image is sent for review, and the page keeps its picture, marked awaiting review`, async ({
    browser,
    page,
  }) => {
    const name = `${unique('e2e-proposed')}.png`;
    const asset = await uploadAsset(
      page.request,
      name,
      await png(200, who === 'a contributor' ? 70 : 60, 120),
    );
    const policy = (on: boolean) =>
      page.request.put('/api/admin/review-policy', { data: { changesNeedApproval: on } });
    const context = await browser.newContext();
    const editor = await context.newPage();
    try {
      if (who === 'a contributor') {
        await createTestUser(
          CONTRIBUTOR.username,
          CONTRIBUTOR.password,
          false,
          'contributor',
        ).catch((error: Error) => {
          if (!error.message.includes('already exists')) throw error;
        });
        expect((await editor.request.post('/api/auth/login', { data: CONTRIBUTOR })).status()).toBe(
          200,
        );
      } else {
        expect((await policy(true)).status()).toBe(200);
        await signIn(editor, 'viewer');
      }
      await editor.goto('/team?edit=true');
      const card = editor.locator('[data-member]').first();
      const memberId = (await card.getAttribute('id'))!.replace(/^member-/, '');
      const before = await (await page.request.get(`/api/team-members/${memberId}`)).json();
      await card.getByTestId('change-image').click();
      const picker = editor.getByRole('dialog', { name: 'Choose an image' });
      await picker.getByLabel('Search the library').fill(name);
      await picker.getByTestId('media-picker-item').filter({ hasText: name }).click();
      const place = editor.getByRole('dialog', { name: 'Place the image' });
      // The focal point is the image's own, for every page: a contributor does not set it.
      await expect(place.getByTestId('focal-marker')).toHaveCount(who === 'a contributor' ? 0 : 1);
      const saved = editor.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/team-members/${memberId}`) && r.request().method() === 'PATCH',
      );
      await place.getByRole('button', { name: 'Use this image' }).click();
      expect((await saved).status()).toBe(202);
      await expect(editor.getByText('Sent for review', { exact: true })).toBeVisible();
      await expect(card.getByTestId('image-awaiting-review')).toHaveText('Awaiting review');
      await expect(card.locator('[data-edit-image]')).not.toHaveAttribute(
        'src',
        new RegExp(encodeURIComponent(asset.url)),
      );
      // The mark stays on later visits while the proposal is open, as a text's does.
      await editor.reload();
      await expect(card.getByTestId('image-awaiting-review')).toHaveText('Awaiting review');
      expect((await (await page.request.get(`/api/team-members/${memberId}`)).json()).image).toBe(
        before.image,
      );
      const pending = (
        (await (await editor.request.get('/api/admin/proposals?status=pending')).json()).items as {
          id: string;
          recordId?: string;
        }[]
      ).find((p) => p.recordId === memberId);
      expect(pending).toBeTruthy();
      await editor.request.post(`/api/admin/proposals/${pending!.id}/withdraw`);
    } finally {
      await context.close();
      if (who !== 'a contributor') await policy(false);
    }
  });
}

test('a new focal point redraws the Open Graph image of a publication that shows the picture (and the team photo above is live)', async ({
  page,
}) => {
  // Red above, blue below: a card cropped at the top is red beside the title, at the bottom blue.
  const tall = await sharp({
    create: { width: 400, height: 1200, channels: 3, background: { r: 220, g: 0, b: 0 } },
  })
    .composite([{ input: await png(0, 0, 220, 400, 600), top: 600, left: 0 }])
    .png()
    .toBuffer();
  const asset = await uploadAsset(page.request, `${unique('e2e-og')}.png`, tall);
  expect(
    (await page.request.patch(`/api/admin/media/${asset.id}`, { data: { focalY: 0 } })).status(),
  ).toBe(200);
  const created = await page.request.post('/api/publications', {
    data: {
      title: unique('E2E Focal Report'),
      description: 'A report whose picture is placed by its focal point.',
      date: '2026',
      type: 'Report',
      authors: 'E2E',
      image: asset.url,
      imageAlt: 'Two colours',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const publication = (await created.json()) as { id: string; slug: string };
  const og = `/og/publications/${publication.slug}.png`;
  /** The colour in the middle of the picture beside the title (the right 480 pixels). */
  const pictureColour = async () => {
    const res = await page.request.get(og);
    if (res.status() !== 200) return null;
    const { data, info } = await sharp(await res.body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (Math.round(info.height / 2) * info.width + info.width - 240) * info.channels;
    return data[at]! > 180 ? 'red' : data[at + 2]! > 180 ? 'blue' : 'other';
  };
  try {
    const pagePath = `/publications/${publication.slug}`;
    // One build publishes the team photo placed above and this publication.
    await published.verify(page);
    await waitForPublished(page, pagePath, og);
    expect(await pictureColour()).toBe('red');
    expect(await (await page.request.get(pagePath)).text()).toContain('object-position: 50% 0%');
    expect(
      (await page.request.patch(`/api/admin/media/${asset.id}`, { data: { focalY: 1 } })).status(),
    ).toBe(200);
    await expect
      .poll(async () => (await buildsDone(), pictureColour()), { timeout: 60_000 })
      .toBe('blue');
    // The page itself is rendered again too (not copied from the page cache), cropped at the new point.
    await waitForPublished(page, pagePath, 'object-position: 50% 100%');
  } finally {
    await page.request.delete(`/api/publications/${publication.id}`);
  }
});
