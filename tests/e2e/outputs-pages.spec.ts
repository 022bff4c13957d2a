import { axe } from './axe';
import { expect, test } from './fixtures';

/** Publication and event pages, as a visitor reaches them. */

/** The published publications and events, with the address of each one's page. */
const entries = async (page: import('@playwright/test').Page) => {
  const list = async (kind: 'Publication' | 'Event', collection: string, path: string) =>
    (
      (await (await page.request.get(`/api/${collection}`)).json()) as {
        slug: string;
        title: string;
      }[]
    ).map((item) => ({ kind, title: item.title, url: `${path}/${item.slug}` }));
  return [
    ...(await list('Publication', 'publications', '/publications')),
    ...(await list('Event', 'events', '/events')),
  ];
};
const audit = async (page: import('@playwright/test').Page) => {
  const { violations } = await axe(page, ['best-practice']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('a publication card leads to its page, which has Cite this and no WCAG 2.1 AA violations', async ({
  page,
}) => {
  await page.goto('/publications');
  const link = page.getByTestId('publication-page-link').first();
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const cite = page.getByRole('region', { name: 'Cite this' });
  await expect(cite.getByTestId('cite-apa')).toContainText(title);
  const download = page.waitForEvent('download');
  await cite.getByRole('link', { name: 'Download citation (.ris)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.ris$/);
  expect(await audit(page)).toEqual([]);
});

test('an event card leads to its page, with Add to calendar and no WCAG 2.1 AA violations', async ({
  page,
}) => {
  const event = (await entries(page)).find((e) => e.kind === 'Event')!;
  await page.goto('/#events');
  await page
    .locator('astro-island[component-url*="EventsTabs"]:not([ssr])')
    .waitFor({ state: 'attached' });
  await page.getByRole('tab', { name: 'All Events' }).click();
  await page.getByTestId('event-page-link').filter({ hasText: event.title }).first().click();
  await page.waitForURL((url) => url.pathname === event.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.ics$/);
  expect(await audit(page)).toEqual([]);
});

test('on a phone, publication and event pages fit the screen: the BibTeX block scrolls inside itself', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const all = await entries(page);
  for (const kind of ['Publication', 'Event']) {
    await page.goto(all.find((e) => e.kind === kind)!.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${kind} page width`,
    ).toBeLessThanOrEqual(375);
  }
});
