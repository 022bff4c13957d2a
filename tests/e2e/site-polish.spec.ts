/**
 * What a first-time visitor and admin noticed. Demo content with
 * its own images and no repeated claims, the privacy notice and its links, search in the header,
 * toasts in the site's font, forms that say why they are not ready yet, the 404 card and the
 * coming-soon page's fonts.
 */
import { DEMO } from '../../src/server/content/demo-content';
import { openAdmin, test as adminTest } from './admin-fixtures';
import { expect, test } from './fixtures';
import { waitForIsland } from './home-helpers';
import { rowSizes } from './layout-helpers';

test.use({ serviceWorkers: 'block' });

test('demo content: every research area and publication has its own image, members have portraits, claims are not repeated', async ({
  page,
}) => {
  await page.goto('/');
  const areaImages = await page
    .locator('#research li img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  expect(areaImages.length).toBe(DEMO.researchAreas.length);
  expect(new Set(areaImages).size).toBe(areaImages.length);
  const pubImages = await page
    .getByTestId('publication-card')
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  expect(pubImages.length).toBeGreaterThanOrEqual(DEMO.publications.length);
  expect(new Set(pubImages).size).toBe(pubImages.length);

  // Members show portraits, not poster-sized initials.
  const team = page.locator('#team');
  await expect(team.locator('[data-member] img')).toHaveCount(DEMO.teamMembers.length);
  await expect(team.locator('[data-monogram]')).toHaveCount(0);

  // The credibility claims of About appear once on the page, not again as impact stats.
  const claims = await page.locator('#about [data-edit$="Metric"]').allTextContents();
  const impact = await page.locator('#impact').textContent();
  for (const claim of claims) {
    const figure = claim.trim().split(/\s+/)[0]!;
    expect(impact, `'${figure}' repeated in Impact`).not.toContain(figure);
  }
});

test('the home team grid leaves no card alone on a row, on wide and medium screens', async ({
  page,
}) => {
  expect(DEMO.teamMembers.length % 3).toBe(1); // the case that used to leave an orphan
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/#team');
    const rows = await rowSizes(page.locator('#team [data-team-grid] > li'));
    expect(rows.reduce((a, b) => a + b, 0)).toBe(DEMO.teamMembers.length);
    expect(rows, `rows at ${width} px`).not.toContain(1);
  }
});

test('the privacy notice is a page of its own, linked from the footer, with its texts marked for in-place editing', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page).toHaveTitle('Privacy - Meridian Institute for AI Research');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Notice');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute(
    'data-edit',
    'settings.privacyTitle',
  );
  for (const heading of [
    'Who is responsible',
    'Contact messages',
    'Newsletter',
    'Testimonials',
    'Analytics and cookies',
    'Who handles it for us',
    'Why we may use it',
    'Your rights',
    'Complaints',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.locator('[data-edit^="settings.privacy"]')).toHaveCount(11);
});

test('the accessibility statement is linked from the footer, says what is met and how it is checked, and its texts are editable in place', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page).toHaveTitle('Accessibility - Meridian Institute for AI Research');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute(
    'data-edit',
    'settings.accessibilityTitle',
  );
  for (const heading of [
    'What this site meets',
    'How we check it',
    'Known limitations',
    'Tell us about a problem',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.locator('#standard')).toContainText('WCAG) 2.1 at level AA');
  await expect(page.locator('[data-edit^="settings.accessibility"]')).toHaveCount(6);
  // The statement's own claim: the first thing a keyboard reaches is a link that skips to the content.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Skip to content');
  await expect(page.getByRole('link', { name: 'contact form' })).toHaveAttribute(
    'href',
    '/#contact',
  );
});

test('each of the four forms says in one line what its data is used for, linking the privacy notice', async ({
  page,
}) => {
  await page.goto('/');
  const contact = page.getByRole('form', { name: 'Contact form' });
  await expect(contact.locator('[data-privacy-note]')).toContainText(
    'only to reply to your message',
  );
  await expect(contact.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  const newsletter = page.getByRole('form', { name: 'Newsletter signup' });
  await expect(newsletter.locator('[data-privacy-note]')).toContainText(
    'only to send you the newsletter',
  );
  await expect(newsletter.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
    'href',
    '/privacy',
  );

  // The popup (opened early with a fake clock).
  await page.clock.install();
  await page.goto('/');
  await page.clock.runFor(31_000);
  const popup = page.getByRole('dialog');
  // The same consent wording as the inline form: its version is what the signup records.
  await expect(popup.locator('[data-privacy-note]')).toContainText(
    'you are not subscribed until you click it',
  );
  await expect(popup.locator('[data-privacy-note]')).toContainText(
    'only to send you the newsletter',
  );
  await expect(popup.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
    'href',
    '/privacy',
  );
});

test('the testimonial form says what happens to what it collects', async ({ page }) => {
  await page.goto('/testimonials');
  const share = page.getByRole('button', { name: 'Share Your Experience' });
  await waitForIsland(page, share);
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Share Your Experience' });
  await expect(dialog.locator('[data-privacy-note]')).toContainText(
    'once approved, your name, role, photo and words are shown',
  );
  await expect(dialog.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
    'href',
    '/privacy',
  );
});

test('before the contact and newsletter forms work, their disabled buttons say why', async ({
  page,
}) => {
  // Hold the forms' code: the pre-built HTML is all the visitor has meanwhile.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_astro\/(ContactForm|NewsletterForm)\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#contact');
  const contact = page.getByRole('form', { name: 'Contact form' });
  const send = contact.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription('One moment: the form is getting ready…');
  await expect(
    page
      .getByRole('form', { name: 'Newsletter signup' })
      .getByText('One moment: the form is getting ready…'),
  ).toBeAttached();
  release();
  await expect(send).toBeEnabled();
  await expect(contact.getByText('One moment: the form is getting ready…')).toHaveCount(0);
});

test('search sits in the header and its results line up with the search box', async ({ page }) => {
  await page.goto('/team');
  const header = page.locator('#site-header');
  await header.getByRole('button', { name: 'Open search' }).click();
  await header.getByRole('searchbox', { name: 'Search the site' }).fill('governance');
  await header.getByRole('searchbox', { name: 'Search the site' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=governance$/);
  await expect(page.locator('[data-search-results] li').first()).toBeVisible();
  const box = await page.getByRole('searchbox', { name: 'Search terms' }).boundingBox();
  // Measured as one poll: a box read while the list is being drawn is null, not a failure.
  await expect
    .poll(async () => {
      const result = await page.locator('[data-search-results] li').first().boundingBox();
      return result && Math.round(result.x);
    })
    .toBe(Math.round(box!.x));
});

test('words typed into search before its script ran are searched and go into the address', async ({
  page,
}) => {
  // Hold the search page's script, as a slow connection would, while the visitor types.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_astro\/search\.astro_[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts run before DOMContentLoaded, so only the page's arrival is awaited.
  await page.goto('/search', { waitUntil: 'commit' });
  await page.getByRole('searchbox', { name: 'Search terms' }).fill('governance');
  release();
  await expect(page).toHaveURL(/\/search\?q=governance$/);
  await expect(page.locator('[data-search-results] li').first()).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search terms' })).toHaveValue('governance');
});

test('toasts use the site font', async ({ page }) => {
  // A visitor asking for edit mode gets the spec's toast (and a sign-in notice).
  await page.goto('/?edit=true');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Edit mode enabled' });
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
    /^"?Inter Variable/,
  );
});

test('the 404 card keeps the spec wording with a neutral icon and links home and to search', async ({
  page,
}) => {
  const res = await page.goto('/no-such-page-here');
  expect(res?.status()).toBe(404);
  const card = page.locator('[data-not-found]');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(card).toContainText('Did you forget to add the page to the router?');
  const color = await card
    .locator('[data-not-found-icon]')
    .evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = color.match(/[\d.]+/g)!.map(Number);
  expect(r!, `icon colour ${color} is not an alarm red`).toBeLessThan(g! + b!);
  await expect(card.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
    'href',
    '/',
  );
  await expect(card.getByRole('link', { name: 'Search the site' })).toHaveAttribute(
    'href',
    '/search',
  );
});

test('a first visit asks for no script or web font before the parsed page is drawn; a later visit draws in the web fonts at once', async ({
  page,
}) => {
  // What <html> carried when the document was parsed, and when the frame that draws it began.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.setAttribute('data-parsed-with', document.documentElement.className);
      requestAnimationFrame(
        (drawn) => ((window as unknown as { drawnAt: number }).drawnAt = drawn),
      );
    }),
  );
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-parsed-with', 'fonts-later');
  await expect(page.locator('html')).not.toHaveClass(/fonts-later/);
  await expect(page.locator('html')).toHaveAttribute('data-newsletter-popup', 'waiting'); // the scripts run
  const timing = await page.evaluate(async () => {
    await document.fonts.ready;
    const fetched = (
      performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    ).filter((r) => /\.(js|woff2)$/.test(new URL(r.name).pathname));
    return {
      drawnAt: (window as unknown as { drawnAt: number }).drawnAt,
      fetched: fetched.map((r) => ({ name: new URL(r.name).pathname, start: r.startTime })),
    };
  });
  expect(timing.fetched.some((r) => r.name.endsWith('.woff2'))).toBe(true);
  expect(timing.fetched.some((r) => r.name.endsWith('.js'))).toBe(true);
  for (const r of timing.fetched)
    expect(r.start, `${r.name} was asked for before the page was drawn`).toBeGreaterThan(
      timing.drawnAt,
    );
  expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
    /^"?Inter Variable/,
  );
  // Then, in idle moments, every section below the hero is laid out for good (no guessed heights).
  await expect(page.locator('.sections-on-demand > section + section')).not.toHaveCount(0);
  await expect(
    page.locator('.sections-on-demand > section + section:not([data-laid-out])'),
  ).toHaveCount(0);

  // The fonts are in the browser's cache now: the next page never draws in the stand-ins.
  await page.goto('/team');
  await expect(page.locator('html')).toHaveAttribute('data-parsed-with', '');
  expect(
    await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily),
  ).toMatch(/^"?Fraunces Variable/);
});

test('/coming-soon.html uses the site fonts', async ({ page }) => {
  await page.goto('/coming-soon.html');
  await page.evaluate(() => document.fonts.ready);
  expect(
    await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily),
  ).toMatch(/^"?Fraunces Variable/);
  expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
    /^"?Inter Variable/,
  );
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((f) => f.status === 'loaded')
      .map((f) => f.family.replace(/"/g, ''));
  });
  expect(loaded).toEqual(expect.arrayContaining(['Inter Variable', 'Fraunces Variable']));
});

adminTest(
  'admin toasts use the site font and leave the Logout button uncovered',
  async ({ page }) => {
    await openAdmin(page, '/admin/site-settings', 'Site settings');
    // Saving an untouched form writes nothing and says so in a toast.
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'No changes to save' });
    await expect(toast).toBeVisible();
    expect(await toast.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
      /^"?Inter Variable/,
    );
    const logout = (await page.getByRole('button', { name: 'Logout' }).boundingBox())!;
    const box = (await toast.boundingBox())!;
    const overlaps =
      box.x < logout.x + logout.width &&
      logout.x < box.x + box.width &&
      box.y < logout.y + logout.height &&
      logout.y < box.y + box.height;
    expect(overlaps).toBe(false);
  },
);
