import { axe } from './axe';
import { expect, test } from './fixtures';
import { waitForIsland } from './home-helpers';

test('the home page has no WCAG 2 A/AA violations (after every island has hydrated)', async ({
  page,
}) => {
  await page.goto('/');
  for (const inside of [
    page.getByTestId('stat-value').first(),
    page.getByTestId('video-placeholder'),
    page.getByRole('tablist', { name: 'Events' }),
    page.getByRole('form', { name: 'Contact form' }),
    page.getByRole('form', { name: 'Newsletter signup' }),
  ]) {
    await waitForIsland(page, inside);
  }
  // Counters finish: each shows its final value again. A counter starts once it is seen, and the
  // web fonts taking over can move it out of view before it was.
  for (const counter of await page.getByTestId('stat-value').all()) {
    await counter.scrollIntoViewIfNeeded();
    await expect(counter).toHaveText((await counter.getAttribute('data-value'))!);
  }
  const results = await axe(page).include('main').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
