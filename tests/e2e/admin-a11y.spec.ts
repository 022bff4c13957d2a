import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axe } from './axe';
import { expect, test } from './admin-fixtures';
import { gotoWaitsForScripts } from './fixtures';

// Every admin screen, read from the page table itself so a new page is checked without a second
// list to remember ('index' is the dashboard at /admin/).
const ROUTES = [
  ...readFileSync(
    new URL('../../src/components/admin/admin-pages.tsx', import.meta.url),
    'utf8',
  ).matchAll(/page\(\{\s*page: '([\w-]+)'/g),
].map((m) => (m[1] === 'index' ? '' : m[1]!));

test('the page table was read', () => {
  expect(ROUTES).toEqual(
    expect.arrayContaining(['', 'publications', 'newsletter', 'users', 'account', 'help']),
  );
});

test('the login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  const results = await axe(page).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);
});

// The site has users here, so /setup shows its "not available" state (the form itself is
// scanned in setup.spec.ts, on an empty store).
test('the setup page has no serious or critical accessibility violations', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/setup');
  await expect(page.getByTestId('setup-closed')).toBeVisible();
  const results = await axe(page).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);
});

// One test per page: each gets its own time budget. They run in order in one worker, as every
// file's tests do, in one tab of the file's own, signed in as the worker's admin: the pages only
// read, and after the first the app's code comes from the tab's cache instead of being fetched
// and compiled again by a fresh browser context per page (a third less CPU for this file).
let tab: Page;
test.beforeAll(async ({ browser, adminSession, site }) => {
  const context = await browser.newContext({ storageState: adminSession.state, baseURL: site.url });
  tab = gotoWaitsForScripts(await context.newPage());
});
test.afterAll(() => tab?.context().close());

for (const route of ROUTES) {
  test(`admin page /admin/${route} has no serious or critical accessibility violations`, async () => {
    const page = tab;
    await page.goto(`/admin/${route}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const results = await axe(page).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map(
        (v) =>
          `${route || 'dashboard'} ${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
    ).toEqual([]);
  });
}
