import { request } from '@playwright/test';
import { axe } from './axe';
import { expect, publishHeldBuilds, test, waitForLive } from './fixtures';

/** The site search: /search over the Pagefind index the build writes. */

const REPORT = '/publications/the-state-of-ai-governance-2025';
// From the middle of the demo report's body (src/server/content/demo-content/report.ts), under "What worked".
const SENTENCE = 'audit duties written as tests rather than values';

test('a sentence from the middle of a report finds its section, and the result lands on that heading', async ({
  page,
}) => {
  const pagefind: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/pagefind/')) pagefind.push(r.url());
  });
  await page.goto('/search');
  // Results fold into the one search page for search engines (a query's page is not indexed apart).
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/search$/);
  // Nothing of the search loads before a visitor searches.
  expect(pagefind).toEqual([]);

  const box = page.getByRole('searchbox', { name: 'Search terms' });
  await box.fill(SENTENCE);
  const status = page.getByRole('status');
  await expect(status).toHaveText(new RegExp(`^1 result for “${SENTENCE}”`));
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(SENTENCE).replace(/%20/g, '+')}`);
  expect(pagefind.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);
  // Index chunks and fragments are named by their hash, so browsers keep them (public/_headers).
  const fragment = pagefind.find((url) => url.includes('/pagefind/fragment/'))!;
  expect((await page.request.get(fragment)).headers()['cache-control']).toContain('immutable');

  const result = page.getByRole('listitem').filter({ hasText: 'The State of AI Governance 2025' });
  await expect(result.getByText('Publication', { exact: true })).toBeVisible();
  await expect(result.locator('mark').first()).toBeVisible();
  const section = result
    .getByRole('list', { name: 'Sections of The State of AI Governance 2025' })
    .getByRole('link', { name: 'What worked' });
  await expect(section).toHaveAttribute('href', `${REPORT}#section-what-worked`);
  await section.click();
  await page.waitForURL((url) => url.pathname === REPORT && url.hash === '#section-what-worked');
  await expect(page.getByRole('heading', { level: 2, name: 'What worked' })).toBeInViewport();

  // The address's ?q= searches on load, and the kind choice narrows the results.
  await page.goto(`/search?q=${encodeURIComponent('Marcus Chen')}&kind=Person`);
  await expect(box).toHaveValue('Marcus Chen');
  await expect(page.getByLabel('Show')).toHaveValue('Person');
  const results = page.locator('[data-search-results] > li');
  await expect(results.first().getByRole('link', { name: 'Marcus Chen' })).toHaveAttribute(
    'href',
    '/team/marcus-chen',
  );
  for (const label of await results.locator('[data-search-kind]').allTextContents())
    expect(label).toBe('Person');

  await box.fill('zzqqxxnothing');
  await expect(status).toHaveText('No results for “zzqqxxnothing”. Try different or fewer words.');
  await expect(results).toHaveCount(0);
});

test('the header search box finds a sentence as it is typed, loading search only then, and Enter opens /search?q=', async ({
  page,
}) => {
  const pagefind: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/pagefind/')) pagefind.push(r.url());
  });
  await page.goto('/team');
  const header = page.locator('#site-header');
  const toggle = header.getByRole('button', { name: 'Open search' });
  await toggle.click();
  await expect(header.getByRole('button', { name: 'Close search' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const box = header.getByRole('searchbox', { name: 'Search the site' });
  await expect(box).toBeFocused();
  // Opening the box loads nothing of the search: the first words typed do.
  expect(pagefind).toEqual([]);

  await page.keyboard.type(SENTENCE);
  const panel = header.getByRole('search', { name: 'Site search' }).locator('..');
  await expect(panel.getByRole('status')).toHaveText(`1 result for “${SENTENCE}”`);
  expect(pagefind.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);
  const found = panel.getByRole('link', { name: /The State of AI Governance 2025/ });
  await expect(found).toHaveAttribute('href', REPORT);
  await expect(found).toContainText('Publication');
  await expect(panel.getByRole('link', { name: `All 1 result for “${SENTENCE}”` })).toBeVisible();
  const { violations } = await axe(page).include('#site-header').analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  // By keyboard: Tab reaches the results; Escape closes the box and gives focus back.
  await box.focus();
  await page.keyboard.press('Tab'); // the Search button
  await page.keyboard.press('Tab');
  await expect(found).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(toggle).toBeFocused();

  // Enter goes to the search page, whose address keeps the words.
  await toggle.press('Enter');
  await expect(box).toHaveValue(SENTENCE);
  await box.press('Enter');
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(SENTENCE).replace(/%20/g, '+')}`);
  await expect(page.getByRole('searchbox', { name: 'Search terms' })).toHaveValue(SENTENCE);
  await expect(page.locator('[data-search-results] > li')).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("a query's page opens with its intro and the box on a row of its own, and the results that follow stay smaller than the intro", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { largestPaints: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          seen.push((entry as { element?: Element }).element?.textContent?.trim() ?? '');
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/search?q=governance');
    const intro = page.getByText('The full text of our publications', { exact: false });
    await expect(intro).toBeInViewport();
    await expect(page.locator('[data-search-results] > li').first()).toBeVisible();
    const box = await page.getByRole('searchbox', { name: 'Search terms' }).boundingBox();
    const choice = await page.getByRole('combobox', { name: 'Show' }).boundingBox();
    const button = await page.getByRole('button', { name: 'Search', exact: true }).boundingBox();
    expect(choice!.y).toBeGreaterThan(box!.y + box!.height - 1);
    expect(button!.y).toBe(choice!.y);
    // The page's largest paint is the intro, drawn with the page, not the results drawn after
    // the search index answers: a phone's first screen never waits on them.
    const paints = await page.evaluate(
      () => (window as unknown as { largestPaints: string[] }).largestPaints,
    );
    expect(paints.at(-1)).toBe(await intro.textContent().then((t) => t?.trim()));
  });
});

test('the search page has no WCAG 2.1 AA violations with results shown, and pages with the header may run WebAssembly', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') violations.push(m.text());
  });
  await page.goto('/search?q=governance');
  await expect(page.locator('[data-search-results] > li').first()).toBeVisible();
  const { violations: found } = await axe(page, ['best-practice']).analyze();
  expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
  expect(violations).toEqual([]);

  const policy = (path: string) =>
    page.request
      .get(path)
      .then((r) => r.text())
      .then((html) => /http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1]);
  // Pagefind compiles WebAssembly: the pages with the header's search box allow it, the admin not.
  expect(await policy('/search')).toContain("'wasm-unsafe-eval'");
  expect(await policy('/')).toContain("'wasm-unsafe-eval'");
  expect(await policy(REPORT)).toContain("'wasm-unsafe-eval'");
  expect(await policy('/admin')).not.toContain('wasm');
});

test('a draft is never indexed: its unique word finds nothing of it, while a published one is found after the same build', async ({
  page,
  site,
  adminSession,
}) => {
  test.setTimeout(180_000);
  // Letters only, and random from the first: words that share a prefix or hold digits could
  // match each other's pages (Pagefind matches prefixes and splits words at digits).
  const word = () =>
    Array.from({ length: 14 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
      '',
    );
  const draftWord = word();
  const liveWord = word();
  const admin = await request.newContext({ baseURL: site.url, storageState: adminSession.state });
  const made: { id: string; slug: string }[] = [];
  try {
    for (const [title, status, unique] of [
      [`Search draft ${draftWord}`, 'draft', draftWord],
      [`Search live ${liveWord}`, 'published', liveWord],
    ] as const) {
      const res = await admin.post('/api/publications', {
        data: {
          title,
          description: 'A report for the search test.',
          status,
          body: `## Findings\n\nThe word ${unique} stands in this body.`,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      made.push((await res.json()) as { id: string; slug: string });
    }
    const live = made[1]!;
    publishHeldBuilds();
    await waitForLive(page, `/publications/${live.slug}`, liveWord, 120_000);

    const status = page.getByRole('status');
    await page.goto(`/search?q=${liveWord}`);
    await expect(status).toHaveText(`1 result for “${liveWord}”`);
    await expect(page.getByRole('link', { name: 'Findings' })).toHaveAttribute(
      'href',
      `/publications/${live.slug}#section-findings`,
    );
    await page.goto(`/search?q=${draftWord}`);
    // A word the index does not hold can still bring back other pages (a clean-clone run got 44
    // for a random word, as if matched on a shorter prefix): the draft's page and word must not.
    await expect(status).toHaveText(new RegExp(`(results?|No results) for “${draftWord}”`));
    const draft = `/publications/${made[0]!.slug}`;
    const hrefs = await page
      .locator('[data-search-results] a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => href.startsWith(draft))).toEqual([]);
    await expect(page.locator('[data-search-results]')).not.toContainText(draftWord);
  } finally {
    for (const { id } of made) await admin.delete(`/api/publications/${id}`);
    await admin.dispose();
  }
});
