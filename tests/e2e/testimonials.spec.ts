import type { Page } from '@playwright/test';
import { expect, signIn, test, waitForLive } from './fixtures';

interface Testimonial {
  id: string;
  name: string;
  position: string;
  company: string;
  rating: number;
  image: string;
  approved: boolean;
  featured: boolean;
}

// page.route must see every API call: keep the service worker out of these tests.
test.use({ serviceWorkers: 'block' });

/** Opens the dialog once its island has hydrated (the toast region mounts on the first toast). */
async function openDialog(page: Page) {
  await page.goto('/testimonials');
  // Astro drops an island's `ssr` attribute once it has hydrated.
  await page
    .locator('astro-island[component-url*="TestimonialDialog"]:not([ssr])')
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Share Your Experience' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Your Experience' });
  await expect(dialog.getByLabel('Full Name')).toBeVisible();
  return dialog;
}

/** Feeds the photo input a generated PNG of the given size (bigger than the 1200 px the page keeps). */
async function choosePhoto(page: Page, width = 2400, height = 1600) {
  await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, w!, h!);
      g.addColorStop(0, '#1a40ad');
      g.addColorStop(1, '#f5b544');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w!, h!);
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
      const input = document.querySelector<HTMLInputElement>('dialog input[type="file"]')!;
      const files = new DataTransfer();
      files.items.add(new File([blob], 'portrait.png', { type: 'image/png' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [width, height],
  );
}

test('featured and approved testimonials show with initials, role line and stars; pending ones do not', async ({
  page,
}) => {
  const featured = (await (
    await page.request.get('/api/testimonials/featured')
  ).json()) as Testimonial[];
  const approved = (await (
    await page.request.get('/api/testimonials/approved')
  ).json()) as Testimonial[];
  expect(approved.length).toBeGreaterThan(0);
  await page.goto('/testimonials');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Our Community Says');

  const featuredSection = page.locator('section#featured');
  await expect(featuredSection.getByRole('heading', { level: 2 })).toHaveText('Featured Stories');
  await expect(featuredSection.locator('[data-testimonial-name]')).toHaveText(
    featured.map((t) => t.name),
  );
  await expect(featuredSection.getByText('Featured', { exact: true })).toHaveCount(featured.length);

  const reviews = page.locator('section#reviews');
  await expect(reviews.getByRole('heading', { level: 2 })).toHaveText('All Reviews');
  // Every approved one, opening with those not already shown as Featured Stories.
  const order = [...approved.filter((t) => !t.featured), ...approved.filter((t) => t.featured)];
  expect(order[0]!.featured).toBe(false);
  await expect(reviews.locator('[data-testimonial-name]')).toHaveText(order.map((t) => t.name));
  for (const [i, t] of order.entries()) {
    const card = reviews.locator('[data-testimonial]').nth(i);
    await expect(card.getByRole('img', { name: `Rated ${t.rating} out of 5` })).toBeVisible();
    if (t.position && t.company)
      await expect(card.locator('[data-role]')).toHaveText(`${t.position} at ${t.company}`);
    if (!t.image) {
      const words = t.name.trim().split(/\s+/).slice(0, 2);
      await expect(card.locator('[data-initials]')).toHaveText(
        words.map((w) => w[0]!.toUpperCase()).join(''),
      );
    }
  }

  // Seeded pending testimonials (approved false) are never public.
  await signIn(page, 'admin');
  const all = (
    (await (await page.request.get('/api/admin/testimonials?pageSize=100')).json()) as {
      items: Testimonial[];
    }
  ).items;
  for (const pending of all.filter((t) => !t.approved))
    await expect(page.getByText(pending.name)).toHaveCount(0);
});

test('with no testimonials the page says so', async ({ page }) => {
  // A page older than the 5-minute freshness re-reads the lists; here they come back empty.
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  await page.route('**/api/testimonials/*', (route) => route.fulfill({ json: [] }));
  await page.goto('/testimonials');
  await expect(page.getByText('No testimonials yet')).toBeVisible();
  await expect(
    page.getByText('Be the first to share your experience with our community!'),
  ).toBeVisible();
});

test('the dialog is a labelled modal: focus stays inside, Escape closes it and focus returns', async ({
  page,
}) => {
  const dialog = await openDialog(page);
  await expect(dialog.getByLabel('Full Name')).toBeFocused();
  for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Share Your Experience' })).toBeFocused();
});

test('required fields are checked before anything is sent; rating defaults to 5 and works from the keyboard', async ({
  page,
}) => {
  const dialog = await openDialog(page);
  let posted = 0;
  page.on(
    'request',
    (r) => r.method() === 'POST' && r.url().endsWith('/api/testimonials') && posted++,
  );
  await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect(dialog.getByText('JPG, PNG or WebP • large photos are resized')).toBeVisible();
  await expect(dialog.locator('input[type="file"]')).toHaveAttribute(
    'accept',
    'image/jpeg,image/png,image/webp',
  );

  await dialog.getByRole('button', { name: 'Submit Testimonial' }).click();
  await expect(dialog.getByText('Full Name is required')).toBeVisible();
  await expect(dialog.getByText('Your Testimonial is required')).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toBeFocused();
  await expect(dialog.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);

  await dialog.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
});

test('a photo is shrunk and uploaded, and a submission is pending review (not public)', async ({
  page,
}) => {
  const name = `E2E Visitor ${Date.now()}`;
  const dialog = await openDialog(page);
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Position').fill('Research Lead');
  await dialog.getByLabel('Company').fill('Example Labs');
  await dialog.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await dialog
    .getByLabel('Your Testimonial')
    .fill('Clear, rigorous and genuinely useful research.');

  const uploaded = page.waitForResponse('**/api/upload/testimonial-photo');
  await choosePhoto(page);
  expect((await uploaded).status()).toBe(201);
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  const preview = dialog.locator('img[data-photo-preview]');
  await expect(preview).toHaveAttribute('src', /^\/api\/uploads\//);
  // The 2400x1600 PNG went up as a 1200 px WebP (or JPEG where WebP encoding is missing).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const photo = await page.request.get((await preview.getAttribute('src'))!);
  expect(photo.headers()['content-type']).toMatch(/^image\/(webp|jpeg)/);

  const submitted = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/testimonials'),
  );
  await dialog.getByRole('button', { name: 'Submit Testimonial' }).click();
  const payload = (await submitted).postDataJSON();
  expect(payload).toMatchObject({
    name,
    position: 'Research Lead',
    company: 'Example Labs',
    rating: 4,
    featured: false,
    approved: false,
    linkedin: '',
  });
  expect(payload.image).toMatch(/^\/api\/uploads\//);
  await expect(page.getByText('Testimonial submitted!')).toBeVisible();
  await expect(
    page.getByText('Thank you for sharing your experience. Your testimonial is pending review.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The form was reset.
  await page.getByRole('button', { name: 'Share Your Experience' }).click();
  await expect(dialog.getByLabel('Full Name')).toHaveValue('');
  await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect(dialog.locator('img[data-photo-preview]')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Pending: not in the public lists, on the API or on the page.
  const approved = (await (
    await page.request.get('/api/testimonials/approved')
  ).json()) as Testimonial[];
  expect(approved.map((t) => t.name)).not.toContain(name);
  await page.reload();
  await expect(page.getByText(name)).toHaveCount(0);

  // Stored as submitted, pending review; then removed so other tests see the seeded data only.
  await signIn(page, 'admin');
  const stored = (
    (await (await page.request.get('/api/admin/testimonials?pageSize=100')).json()) as {
      items: Testimonial[];
    }
  ).items.find((t) => t.name === name);
  expect(stored).toMatchObject({ approved: false, featured: false, rating: 4 });
  expect((await page.request.delete(`/api/admin/testimonials/${stored!.id}`)).ok()).toBe(true);
});

test('upload and submission failures show the spec messages', async ({ page }) => {
  const dialog = await openDialog(page);
  await page.route('**/api/upload/testimonial-photo', (route) =>
    route.fulfill({ status: 413, json: { message: 'The photo must be 5 MB or smaller' } }),
  );
  await choosePhoto(page, 300, 300);
  await expect(page.getByText('The photo must be 5 MB or smaller')).toBeVisible();
  await page.unroute('**/api/upload/testimonial-photo');
  await page.route('**/api/upload/testimonial-photo', (route) => route.abort());
  await choosePhoto(page, 300, 300);
  await expect(page.getByText('Failed to upload image')).toBeVisible();

  await page.route('**/api/testimonials', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await dialog.getByLabel('Full Name').fill('Someone');
  await dialog.getByLabel('Your Testimonial').fill('Good work.');
  await dialog.getByRole('button', { name: 'Submit Testimonial' }).click();
  await expect(page.getByText('Failed to submit testimonial. Please try again.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toHaveValue('Someone');
});

test('a LinkedIn profile address fetches the photo, with the spec messages when it cannot', async ({
  page,
}) => {
  const dialog = await openDialog(page);
  const linkedin = dialog.getByLabel('LinkedIn');
  const calls: unknown[] = [];

  await page.route('**/api/fetch-linkedin-image', (route) => {
    calls.push(route.request().postDataJSON());
    return route.fulfill({ status: 404, json: { message: 'Could not find a profile image' } });
  });
  await linkedin.fill('https://www.linkedin.com/in/first-person');
  await dialog.getByLabel('Company').focus();
  await expect(
    page.getByText('Could not automatically fetch LinkedIn profile image. Please upload manually.'),
  ).toBeVisible();
  expect(calls).toEqual([{ profileUrl: 'https://www.linkedin.com/in/first-person' }]);

  await page.unroute('**/api/fetch-linkedin-image');
  await page.route('**/api/fetch-linkedin-image', (route) => route.abort());
  await linkedin.fill('https://www.linkedin.com/in/second-person');
  await dialog.getByLabel('Company').focus();
  await expect(
    page.getByText('Could not fetch LinkedIn profile image. Please upload manually.'),
  ).toBeVisible();

  // Addresses that are not LinkedIn profiles are left alone: when the next profile's lookup
  // arrives, it is the only one asked for (an earlier request would have arrived first).
  await page.unroute('**/api/fetch-linkedin-image');
  const asked: string[] = [];
  await page.route('**/api/fetch-linkedin-image', (route) => {
    asked.push((route.request().postDataJSON() as { profileUrl: string }).profileUrl);
    return route.fulfill({ json: { imageUrl: 'https://media.licdn.com/dms/image/photo.jpg' } });
  });
  await linkedin.fill('https://example.org/me');
  await dialog.getByLabel('Company').focus();
  await linkedin.fill('https://www.linkedin.com/in/third-person');
  await dialog.getByLabel('Company').focus();
  await expect(page.getByText('LinkedIn profile image fetched successfully')).toBeVisible();
  await expect(dialog.locator('img[data-photo-preview]')).toHaveAttribute(
    'src',
    'https://media.licdn.com/dms/image/photo.jpg',
  );
  expect(asked).toEqual(['https://www.linkedin.com/in/third-person']);
});

test('with showTestimonials off the page redirects to / and leaves the sitemap', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // Shown, the page is part of the sitemap (the worker's first build has it on).
  expect(await (await page.request.get('/sitemaps/pages.xml')).text()).toContain('/testimonials');
  expect(
    (
      await page.request.patch('/api/site-settings', { data: { showTestimonials: false } })
    ).status(),
  ).toBe(200);
  try {
    await waitForLive(page, '/testimonials', 'http-equiv="refresh"');
    const html = await (await page.request.get('/testimonials')).text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    await page.goto('/testimonials');
    await page.waitForURL((url) => url.pathname === '/');
    // The site's own pages are one part of the sitemap index.
    expect(await (await page.request.get('/sitemaps/pages.xml')).text()).not.toContain(
      '/testimonials',
    );
  } finally {
    // The next test starts from the first build's pages again (the firstPages fixture): the
    // setting is put back for the next build, with no rebuild of its own.
    await page.request.patch('/api/site-settings', { data: { showTestimonials: true } });
  }
});
