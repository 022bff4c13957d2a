/**
 * A fresh Netlify deploy starts with an empty store: every section and page must then say it has
 * nothing yet, never show loading placeholders that cannot finish. This file builds a site of its
 * own over an empty store (no demo content).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { waitForIsland } from './home-helpers';
import { useOwnSite } from './own-site';

const site = useOwnSite({ seed: false });

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ serviceWorkers: 'block' });

/** Nothing on the page claims to be loading or busy, and nothing pulses. */
async function expectSettled(page: Page) {
  await expect(page.getByText(/Loading/)).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(
    page.locator('main [class*="animate-pulse"], main [class*="animate-spin"]'),
  ).toHaveCount(0);
}

test('the home page on an empty store shows an empty state in every list section, no skeletons', async ({
  page,
}) => {
  await page.goto(`${site.url}/`);
  const research = page.locator('#research');
  await expect(research.getByTestId('research-empty')).toHaveText(/No research areas yet/);
  await expect(research.getByRole('status')).toHaveCount(0);
  await expect(page.locator('#team').getByTestId('team-empty')).toContainText(
    'No team members to display at this time.',
  );
  // No link to a team page that has nobody on it.
  await expect(
    page.locator('#team').getByRole('link', { name: 'View all team members' }),
  ).toHaveCount(0);
  await expect(page.locator('#publications')).toContainText('No Publications Yet');
  await expect(page.locator('#impact').getByTestId('stats-empty')).toBeVisible();
  const events = page.locator('#events');
  await waitForIsland(page, page.getByRole('tablist', { name: 'Events' }));
  await expect(events).toContainText('No upcoming events scheduled at this time.');
  await expectSettled(page);
});

test('the team, testimonials, publications, privacy and search pages on an empty store say there is nothing yet or show built-in wording', async ({
  page,
}) => {
  await page.goto(`${site.url}/team`);
  await expect(page.locator('section#founder')).toHaveCount(0);
  await expect(page.locator('#advisory-team')).toContainText(
    'No team members to display at this time.',
  );
  await expectSettled(page);

  await page.goto(`${site.url}/testimonials`);
  await expect(page.getByRole('heading', { name: 'No testimonials yet' })).toBeVisible();
  await expectSettled(page);

  await page.goto(`${site.url}/publications`);
  await expect(page.getByRole('heading', { name: 'No Publications Yet' })).toBeVisible();
  await expectSettled(page);

  await page.goto(`${site.url}/privacy`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Notice');
  await expectSettled(page);

  await page.goto(`${site.url}/search?q=governance`);
  await expect(page.getByRole('status')).toHaveText(/No results for “governance”/);
  await expectSettled(page);
});
