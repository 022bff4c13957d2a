import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './admin-fixtures';

// Every admin screen, checked once its data has loaded.
const ROUTES = [
  '', 'research-areas', 'team-members', 'publications', 'stats', 'events', 'site-settings', 'section-visibility',
  'team-toggle', 'subscriptions', 'contact-info', 'contact-forms', 'video-settings', 'testimonials', 'history',
  'users', 'account',
];

test('the login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('every admin page has no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  for (const route of ROUTES) {
    await page.goto(`/admin/${route}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${route || 'dashboard'} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  }
});
