/**
 * The home page at scale in the browser: 'View all' leads to the static /publications archive,
 * which pages, filters by type and combines topic, type and year in place, and the events tabs reveal more cards with 'Show more'.
 * The shared demo site has too few items for a second page, and other suites rely on its exact
 * lists, so this file builds a site of its own: the demo content plus 20 publications and 20
 * upcoming events.
 */
import { axe } from './axe';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, waitForIsland } from './home-helpers';
import { useOwnSite } from './own-site';

const EXTRA_GUIDES = 14;
const EXTRA_REPORTS = 6;
const EXTRA_EVENTS = 20;
const DAY = 86_400_000;

const site = useOwnSite({ seed: true }, async () => {
  const { events, publications } = await import('../../src/server/content/collections');
  for (let n = 0; n < EXTRA_GUIDES + EXTRA_REPORTS; n++) {
    const type = n < EXTRA_GUIDES ? 'Guide' : 'Report';
    // After the demo's in the admin's order (a new one would otherwise go first), so the home page
    // keeps the demo's six; and older than the demo's, a day apart, so the newest-first archive
    // lists the demo's, then these in the order they were made.
    const date = `2015-01-${String(28 - n).padStart(2, '0')}`;
    await publications.create({
      title: `Archive ${type.toLowerCase()} ${n + 1}`,
      description: `Archive test ${type.toLowerCase()} number ${n + 1}.`,
      type,
      date,
      order: 100 + n,
    });
  }
  for (let n = 0; n < EXTRA_EVENTS; n++) {
    const day = new Date(Date.now() + (100 + n) * DAY).toISOString().slice(0, 10);
    await events.create({
      title: `Later workshop ${n + 1}`,
      description: 'Added by the archive test.',
      eventType: 'Workshop',
      startDate: day,
      endDate: day,
      location: 'Leeds',
    });
  }
});

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const cards = (page: Page) => page.getByTestId('publication-card');
const titles = (page: Page) => cards(page).getByRole('heading', { level: 3 });

test("'View all' leads from the home page's latest six to the archive, which pages with Next and Previous", async ({
  page,
}) => {
  await page.goto(`${site.url}/#publications`);
  const section = page.locator('#publications');
  // The first six in the admin's order: the demo's.
  await expect(section.getByTestId('publication-card').getByRole('heading')).toHaveText(
    DEMO.publications.map((p) => p.title),
  );
  await section.getByRole('link', { name: /^View all publications/ }).click();

  await expect(page).toHaveURL(`${site.url}/publications`);
  await expect(page).toHaveTitle('Publications - Meridian Institute for AI Research');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/publications$/);
  await expect(cards(page)).toHaveCount(12);
  await expect(titles(page).first()).toHaveText(DEMO.publications[0]!.title);
  await expect(page.getByTestId('archive-range')).toHaveText('1–12 of 26');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pagination.getByRole('link', { name: 'Previous page' })).toHaveCount(0);

  await pagination.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(`${site.url}/publications/2`);
  await expect(page).toHaveTitle('Publications (page 2) - Meridian Institute for AI Research');
  await expect(page.locator('link[rel=prev]')).toHaveAttribute('href', '/publications');
  await expect(page.locator('link[rel=next]')).toHaveAttribute('href', '/publications/3');
  await expect(cards(page)).toHaveCount(12);
  await expect(titles(page).first()).toHaveText('Archive guide 7');
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await pagination.getByRole('link', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(`${site.url}/publications/3`);
  await expect(titles(page)).toHaveText(['Archive report 19', 'Archive report 20']);
  await expect(pagination.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  await pagination.getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(`${site.url}/publications/2`);
});

test.describe('without JavaScript', () => {
  // With it, the chips combine in place (the next test); these are the pages every visitor and
  // crawler can reach, one filter at a time.
  test.use({ javaScriptEnabled: false });

  test('the type filter shows static, paginated pages of one type', async ({ page }) => {
    await page.goto(`${site.url}/publications`);
    const types = page.getByRole('navigation', { name: 'Publication types' });
    await expect(types.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
    await types.getByRole('link', { name: /^Guide/ }).click();

    await expect(page).toHaveURL(`${site.url}/publications/type/guide`);
    await expect(page).toHaveTitle('Publications: Guide - Meridian Institute for AI Research');
    await expect(page.getByRole('heading', { level: 2, name: 'Guide' })).toBeVisible();
    await expect(types.getByRole('link', { name: /^Guide/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The demo's one guide, then the test's 14: 12 here, 3 on page 2.
    await expect(cards(page)).toHaveCount(12);
    for (const card of await cards(page).all())
      await expect(card.getByText('Guide', { exact: true })).toBeVisible();
    await expect(titles(page).first()).toHaveText('Red-Teaming Playbook for Small Organisations');

    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Next page' })
      .click();
    await expect(page).toHaveURL(`${site.url}/publications/type/guide/2`);
    await expect(titles(page)).toHaveText([
      'Archive guide 12',
      'Archive guide 13',
      'Archive guide 14',
    ]);
    // The type filter keeps its place; 'All' goes back to every publication.
    await expect(types.getByRole('link', { name: /^Guide/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await types.getByRole('link', { name: /^All/ }).click();
    await expect(page).toHaveURL(`${site.url}/publications`);
  });
});

test('with JavaScript, topic, type and year combine in place and the address says what is chosen', async ({
  page,
}) => {
  // Each change fetches the filters' labels once, then only the publications of one filter value.
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/filter-index')) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto(`${site.url}/publications`);
  // A page load would drop this marker: every step below must keep it.
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
  const stayed = () =>
    page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage === true);
  const results = page.getByTestId('archive-result');

  await page
    .getByRole('navigation', { name: 'Publication topics' })
    .getByRole('link', { name: /^AI Governance & Policy/ })
    .click();
  await expect(page).toHaveURL(`${site.url}/publications/topic/ai-governance-policy`);
  await expect(page).toHaveTitle(
    'Publications: AI Governance & Policy - Meridian Institute for AI Research',
  );
  await expect(results.getByRole('link')).toHaveText([
    'The State of AI Governance 2025',
    'Auditing Large Language Models in the Public Sector',
  ]);

  await page
    .getByRole('navigation', { name: 'Publication types' })
    .getByRole('link', { name: /^Report/ })
    .click();
  await expect(page).toHaveURL(`${site.url}/publications?topic=ai-governance-policy&type=report`);
  await expect(results.getByRole('link')).toHaveText(['The State of AI Governance 2025']);
  await expect(
    page
      .getByRole('navigation', { name: 'Publication types' })
      .getByRole('link', { name: /^Report/ }),
  ).toHaveAttribute('aria-current', 'true');

  await page
    .getByRole('navigation', { name: 'Publication years' })
    .getByRole('link', { name: /^2024/ })
    .click();
  await expect(page).toHaveURL(
    `${site.url}/publications?topic=ai-governance-policy&type=report&year=2024`,
  );
  await expect(results).toHaveCount(0);
  await expect(page.getByText('No publications match all of these filters.')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(`${site.url}/publications?topic=ai-governance-policy&type=report`);
  await expect(results.getByRole('link')).toHaveText(['The State of AI Governance 2025']);
  expect(await stayed()).toBe(true);
  expect(fetched[0]).toBe('/publications/filter-index.json');
  expect(fetched[1]).toBe('/publications/filter-index/topic/ai-governance-policy.json');
  for (const path of fetched.slice(1))
    expect(path).toMatch(/^\/publications\/filter-index\/(topic|type|year)\/[\w-]+\.json$/);
  expect(new Set(fetched).size).toBe(fetched.length);

  // The address alone brings the same selection back.
  await page.goto(`${site.url}/publications?topic=ai-governance-policy&type=report`);
  await expect(results.getByRole('link')).toHaveText(['The State of AI Governance 2025']);
});

test('archive pages have no WCAG 2 A/AA violations', async ({ page }) => {
  for (const path of ['/publications/2', '/publications/type/guide']) {
    await page.goto(site.url + path);
    const results = await axe(page).include('main').analyze();
    expect(
      results.violations.map(
        (v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  }
});

test("events tabs start with nine cards and 'Show more' reveals nine more at a time", async ({
  page,
}) => {
  await page.goto(`${site.url}/#events`);
  const tablist = page.getByRole('tablist', { name: 'Events' });
  await waitForIsland(page, tablist);
  const events = page.locator('#events');
  const eventCards = events.getByTestId('event-card');
  const count = events.getByTestId('events-count');
  const more = events.getByRole('button', { name: 'Show more events' });

  // Upcoming: the demo's 5 and the test's 20, soonest first.
  await expect(eventCards).toHaveCount(9);
  await expect(count).toHaveText('Showing 9 of 25 events');
  await more.click();
  await expect(eventCards).toHaveCount(18);
  await expect(count).toHaveText('Showing 18 of 25 events');
  await expect(more).toBeFocused();
  await more.click();
  await expect(eventCards).toHaveCount(25);
  await expect(count).toHaveText('Showing 25 of 25 events');
  await expect(more).toHaveCount(0);
  await expect(eventCards.last().getByRole('heading')).toHaveText(`Later workshop ${EXTRA_EVENTS}`);

  // All (27, past first by start date) pages on its own; Featured (3) needs no button.
  await page.getByRole('tab', { name: 'All Events' }).click();
  await expect(eventCards).toHaveCount(9);
  await expect(count).toHaveText('Showing 9 of 27 events');
  await more.click();
  await expect(eventCards).toHaveCount(18);
  await page.getByRole('tab', { name: 'Featured Events' }).click();
  await expect(eventCards).toHaveCount(3);
  await expect(more).toHaveCount(0);
  await expect(count).toHaveCount(0);
});

test("'Show more' before the tab's list has arrived waits for it with a spinner instead of doing nothing", async ({
  page,
}) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/api/events/upcoming', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`${site.url}/#events`);
  await waitForIsland(page, page.getByRole('tablist', { name: 'Events' }));
  const events = page.locator('#events');
  // The build counted 25 upcoming events, though only its first 9 are on the page.
  await expect(events.getByTestId('events-count')).toHaveText('Showing 9 of 25 events');
  await events.getByRole('button', { name: 'Show more events' }).click();
  await expect(events.getByRole('status')).toContainText('Loading more events...');
  await expect(events.getByTestId('event-card')).toHaveCount(9);
  release();
  await expect(events.getByTestId('event-card')).toHaveCount(18);
  await expect(events.getByRole('status')).toHaveCount(0);
});
