import { axe } from './axe';
import { expect, openAdmin, test } from './admin-fixtures';
import { gotoWaitsForScripts } from './fixtures';
import { FONTS_CACHED_KEY } from '../../src/lib/after-paint';

// A reader of a publication page leaves no cookie, nothing new in local storage and no request to
// another site, and sends one beacon with the page, the referrer's host and nothing else; a file
// it downloads is counted as the site serves it. The admin then sees the view and the download in
// Analytics and in the publication's impact panel.

const serious = async (page: import('@playwright/test').Page) =>
  (await axe(page).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('a visit is counted without cookies, storage or other sites, and shows in the admin', async ({
  browser,
  site,
  page,
}) => {
  const list = (await (await page.request.get('/api/publications')).json()) as {
    id: string;
    slug: string;
    title: string;
  }[];
  const publication = list[0]!;
  const path = `/publications/${publication.slug}`;

  // A visitor of their own: no admin session (the file's pages are signed in).
  const reader = await browser.newContext({
    baseURL: site.url,
    storageState: { cookies: [], origins: [] },
  });
  const tab = gotoWaitsForScripts(await reader.newPage());
  const elsewhere: string[] = [];
  tab.on('request', (r) => {
    if (new URL(r.url()).origin !== site.url) elsewhere.push(r.url());
  });
  const sent = tab.waitForRequest((r) => r.url().endsWith('/api/hit') && r.method() === 'POST');
  await tab.goto(`${path}?ref=issue-e2e`);
  const beacon = await sent;
  expect(JSON.parse(beacon.postData() ?? '{}')).toEqual({
    path,
    referrer: '',
    ref: 'issue-e2e',
  });
  expect(beacon.headers()['cookie']).toBeUndefined();
  // A citation file is counted as the site serves it (at the edge), not by the page: no second
  // beacon goes out, and the file arrives as it is.
  const beacons: string[] = [];
  tab.on('request', (r) => {
    if (r.url().endsWith('/api/hit')) beacons.push(r.postData() ?? '');
  });
  const download = tab.waitForEvent('download');
  await tab.getByRole('link', { name: /Download citation/ }).click();
  expect(await (await download).failure()).toBeNull();
  expect(beacons).toEqual([]);
  expect(await reader.cookies()).toEqual([]);
  const stored = await tab.evaluate(() => Object.keys(localStorage));
  expect(stored.filter((k) => k !== FONTS_CACHED_KEY)).toEqual([]);
  expect(await tab.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  expect(elsewhere).toEqual([]);
  await reader.close();

  await openAdmin(page, '/admin/analytics', 'Analytics');
  await page.getByLabel('Period').selectOption('7');
  // Today's view is read from the tallies not yet rolled up.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: 'Top pages' })).toContainText(path, {
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('views-chart')).toBeVisible();
  await expect(page.getByTestId('views-summary')).not.toContainText(/^0 views/);
  await expect(page.getByRole('table', { name: 'Newsletter issues' })).toContainText('issue-e2e');
  await expect(page.getByRole('table', { name: 'Downloads and other events' })).toContainText(
    `${path}.ris`,
  );
  expect(await serious(page)).toEqual([]);

  await openAdmin(page, `/admin/publications?item=${publication.id}`, 'Publications');
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Impact', { exact: true }).click();
  const panel = dialog.getByTestId('impact-panel');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  expect(Number(await panel.getByTestId('impact-total-views').textContent())).toBeGreaterThan(0);
  await expect(panel).toContainText(/[1-9]\d* citation downloads/);
  await expect(panel.getByRole('table', { name: 'Newsletter issues' })).toContainText('issue-e2e');
  expect(await serious(page)).toEqual([]);
});
