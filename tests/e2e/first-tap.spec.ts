import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// page.route must see every script the page asks for: keep the service worker out.
test.use({ serviceWorkers: 'block' });

/**
 * A visitor taps as soon as a control is on screen, before the page's scripts have run (they start
 * after the first paint: src/lib/after-paint.ts). Each tap must still do what the control says.
 * The page's scripts are held back until the tap is made, so it always comes first, however fast
 * the machine: the goto waits only for the response to start, and no test waits for an island.
 */
async function tapAtOnce(page: Page, path: string, control: (page: Page) => Locator) {
  let release = () => {};
  const tapped = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/**/*.js', async (route) => {
    await tapped;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  const target = control(page);
  await target.waitFor({ state: 'visible' });
  await target.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-scripts', 'ready');
  release();
  return target;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens from a tap made before its script runs', async ({ page }) => {
    const toggle = await tapAtOnce(page, '/', (p) => p.locator('#menu-toggle'));
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Close menu');
  });

  test('an events tab switches from a tap made before the island hydrates', async ({ page }) => {
    const tab = await tapAtOnce(page, '/#events', (p) =>
      p.getByRole('tab', { name: 'Featured Events' }),
    );
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#events-panel-featured')).toBeVisible();
  });

  test("a past event's highlights open from a tap made before the island hydrates", async ({
    page,
  }) => {
    await tapAtOnce(page, '/#events', (p) =>
      p.locator('#events').getByRole('button', { name: 'Event Highlights' }).first(),
    );
    await expect(page).toHaveURL(/\/coming-soon\.html/);
  });
});

test('the testimonial dialog opens from a tap made before the island hydrates', async ({
  page,
}) => {
  await tapAtOnce(page, '/testimonials', (p) =>
    p.getByRole('button', { name: 'Share Your Experience' }),
  );
  const dialog = page.getByRole('dialog', { name: 'Share Your Experience' });
  await expect(dialog.getByLabel('Full Name')).toBeVisible();
});
