import { axe } from './axe';
import { expect, test } from './fixtures';

test('an unknown path answers 404 with the not-found card', async ({ page }) => {
  const res = await page.goto('/no-such-page-here');
  expect(res?.status()).toBe(404);
  const card = page.locator('[data-not-found]');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(card).toContainText('Did you forget to add the page to the router?');
  await expect(card.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
    'href',
    '/',
  );
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
});

test('/coming-soon.html is a styled static page with a link home', async ({ page }) => {
  const res = await page.goto('/coming-soon.html');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event highlights coming soon');
  await expect(page.getByRole('link', { name: /Back to the home page/ })).toHaveAttribute(
    'href',
    '/',
  );
  // The stylesheet loaded (same-origin file; no inline styles needed under the CSP).
  await expect(page.locator('body')).toHaveCSS('display', 'grid');
});

test('robots.txt and sitemap.xml list what may be crawled', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const robots = await page.request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  const text = await robots.text();
  expect(text).toContain('User-agent: *');
  expect(text).toContain('Disallow: /admin');
  expect(text).toContain('Disallow: /api/');
  expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);

  // A sitemap index: the pages are in its parts.
  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const index = await sitemap.text();
  expect(index).toContain('<sitemapindex');
  const locs: string[] = [];
  for (const [, part] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const got = await page.request.get(new URL(part!).pathname);
    expect(got.headers()['content-type']).toContain('xml');
    locs.push(...[...(await got.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
  }
  expect(locs).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/team`]));
  expect(locs.some((l) => l!.includes('/search'))).toBe(false);
  expect(locs.some((l) => l!.includes('/admin') || l!.includes('/login'))).toBe(false);
});

test('the layout and these pages have no WCAG 2.1 AA violations, the open dialog included', async ({
  page,
}) => {
  const audit = async (include?: string) => {
    const builder = axe(page, ['best-practice']);
    const { violations } = await (include ? builder.include(include) : builder).analyze();
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  for (const path of [
    '/team',
    '/testimonials',
    '/privacy',
    '/accessibility',
    '/no-such-page-here',
    '/coming-soon.html',
  ]) {
    await page.goto(path);
    expect(await audit(), path).toEqual([]);
  }
  await page.goto('/testimonials');
  await page
    .locator('astro-island[component-url*="TestimonialDialog"]:not([ssr])')
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Share Your Experience' }).click();
  await page.getByRole('button', { name: 'Submit Testimonial' }).click();
  await expect(page.getByText('Full Name is required')).toBeVisible();
  expect(await audit('dialog')).toEqual([]);
});
