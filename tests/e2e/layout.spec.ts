import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The first-load scroll runs 100 ms after load; scroll by hand only once it has run.
const settle = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-first-scroll', 'done');
// The header repaints on the frame after a scroll: two frames later its state is final.
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const sectionTop = (page: Page, id: string) =>
  page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id);

test('the header is transparent at the top and white with a shadow past 50 px', async ({
  page,
}) => {
  await page.goto('/team');
  await settle(page);
  const header = page.locator('#site-header');
  await expect(header).toHaveAttribute('data-solid', 'false');
  await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(header).toHaveCSS('position', 'fixed');

  await page.evaluate(() => window.scrollTo({ top: 40, behavior: 'instant' }));
  await nextFrames(page);
  await expect(header).toHaveAttribute('data-solid', 'false');

  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-solid', 'true');
  await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(header).not.toHaveCSS('box-shadow', 'none');

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-solid', 'false');
});

test('the header lists the seven entries plus Testimonials; AI Quick Bytes leads to the signup', async ({
  page,
}) => {
  await page.goto('/team');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  // Testimonials joins the spec's seven while its page is switched on.
  await expect(nav.getByRole('link')).toHaveText([
    'About Us',
    'Our Team',
    'Strategic Focus',
    'Research',
    'Events',
    /AI Quick Bytes/,
    'Testimonials',
    'Contact',
  ]);
  // No outside newsletter by default: the entry leads to the site's own signup, in the same tab.
  const signup = nav.getByRole('link', { name: /AI Quick Bytes/ });
  await expect(signup).toHaveAttribute('href', '/#newsletter');
  await expect(signup).not.toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('link', { name: 'Our Team' })).toHaveAttribute('aria-current', 'page');
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens from the toggle, closes on Escape (focus back on the toggle) and on choosing a link', async ({
    page,
  }) => {
    await page.goto('/');
    const toggle = page.locator('#menu-toggle');
    const menu = page.locator('#mobile-menu');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(menu.getByRole('link')).toHaveCount(8); // the spec's seven and Testimonials
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'About Us' }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => sectionTop(page, 'about')).toBeLessThan(140);
  });
});

test('an anchor link clicked away from home stores scrollToSection, goes to / and lands on the section', async ({
  page,
}) => {
  await page.goto('/team');
  await settle(page); // the header's script handles the click once it runs
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Strategic Focus' })
    .click();
  await page.waitForURL((url) => url.pathname === '/' && url.hash === '', {
    waitUntil: 'domcontentloaded',
  });
  // The key is kept until the last retry (2000 ms), then removed.
  expect(await page.evaluate(() => sessionStorage.getItem('scrollToSection'))).toBe('research');
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('scrollToSection')), { timeout: 5000 })
    .toBeNull();
  const top = await sectionTop(page, 'research');
  expect(Math.abs(top - 120)).toBeLessThanOrEqual(2);
});

test('the footer has the tagline, the links and a 2025 copyright; its logo scrolls smoothly to the top', async ({
  page,
}) => {
  await page.goto('/team');
  const footer = page.locator('footer');
  await expect(footer).toContainText(
    'Independent research that turns artificial intelligence into lasting public benefit.',
  );
  await expect(footer.locator('[data-edit="settings.copyrightText"]')).toHaveText(
    new RegExp(`^© ${new Date().getFullYear()} Meridian Institute for AI Research`),
  );
  await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText([
    'About Us',
    'Our Team',
    'Strategic Focus',
    'Research',
    'Events',
    /AI Quick Bytes/,
    'Testimonials',
    'Contact',
    'Search',
    'Privacy',
    'Accessibility',
  ]);

  await settle(page);
  await page.evaluate(() =>
    window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await footer.getByRole('button', { name: /back to top/ }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('document titles end with the full name', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Meridian Institute for AI Research');
  await page.goto('/team');
  await expect(page).toHaveTitle('Team - Meridian Institute for AI Research');
  await page.goto('/testimonials');
  await expect(page).toHaveTitle('Testimonials - Meridian Institute for AI Research');
});

test('the head carries viewport, description, canonical, social cards and parseable JSON-LD', async ({
  page,
  baseURL,
}) => {
  await page.goto('/team');
  const origin = new URL(baseURL!).origin;
  const meta = (sel: string) => page.locator(sel).getAttribute('content');
  expect(await meta('meta[name="viewport"]')).toContain('maximum-scale=5');
  expect(await meta('meta[name="description"]')).toBeTruthy();
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/team`);
  expect(await meta('meta[property="og:title"]')).toBe('Team - Meridian Institute for AI Research');
  expect(await meta('meta[property="og:image:width"]')).toBe('1200');
  expect(await meta('meta[property="og:image:height"]')).toBe('630');
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  const image = (await meta('meta[property="og:image"]'))!;
  expect(image).toBe(`${origin}/images/og-default.png`);

  // The default share image really is a 1200x630 PNG (IHDR width and height).
  const png = await (await page.request.get(image)).body();
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

  await page.goto('/');
  expect(await meta('meta[name="description"]')).toBe(
    'Leading research and innovation in artificial intelligence',
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  const types = ld['@graph'].map((n: { '@type': string }) => n['@type']);
  expect(types).toEqual(['Organization', 'WebSite']);
  expect(ld['@graph'][0].name).toBe('Meridian Institute for AI Research');
  expect(ld['@graph'][1].potentialAction.target.urlTemplate).toBe(
    `${origin}/search?q={search_term_string}`,
  );
});

test('a skip link leads to the main content', async ({ page }) => {
  await page.goto('/team');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAttribute('href', '#main');
  await expect(page.locator('main#main')).toHaveCount(1);
});

test('the service worker registers and never caches the API', async ({ page }) => {
  await page.goto('/team');
  const script = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  );
  expect(script).toMatch(/\/sw\.js$/);
  // A second load goes through the worker, which keeps pages and hashed assets.
  await page.reload();
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('meridian-pages-v1')).keys()).map((r) => new URL(r.url).pathname),
      ),
    )
    .toContain('/team');
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached.some((p) => p.startsWith('/_astro/'))).toBe(true);
  expect(
    cached.filter((p) => p.startsWith('/api/') || p.startsWith('/admin') || p.startsWith('/login')),
  ).toEqual([]);
});

test('without a measurement id there is no analytics and no third-party request at all', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  await page.goto('/team', { waitUntil: 'networkidle' });
  await page.goto('/testimonials', { waitUntil: 'networkidle' });
  expect(outside).toEqual([]);
  expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe('undefined');
});
