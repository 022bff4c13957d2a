/**
 * The admin on a phone: the menu leads to each list, every row shows its whole title (wrapped,
 * never cut), nothing makes the page scroll sideways, and a row's own buttons open its editor.
 */
import type { Page } from '@playwright/test';
import { expect, openAdmin, test } from './admin-fixtures';

test.use({ viewport: { width: 375, height: 740 } });

/** Whether the page can be scrolled sideways (something wider than the phone's screen). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('on a phone, the menu leads to each list and every row shows its whole title', async ({
  page,
}) => {
  // Two titles that differ only at their end: cut to one line, they would look the same.
  const stem = `A long report title that a phone cannot show on one line, about the governance of frontier AI models ${Date.now()}`;
  const ids: string[] = [];
  for (const end of ['in Europe', 'in Asia']) {
    const res = await page.request.post('/api/publications', {
      data: { title: `${stem} ${end}`, description: 'Made by the phone test.', type: 'Report' },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).id);
  }
  try {
    await openAdmin(page, '/admin', 'Dashboard');
    for (const [label, heading] of [
      ['Research areas', 'Research areas'],
      ['Events', 'Events'],
      ['Publications', 'Publications'],
    ] as const) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible(); // menu closed
      const rows = page.getByTestId('collection-row');
      await expect(rows.first()).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
      // Each title is whole: inside the screen, and no wider than its own box (nothing cut).
      for (const title of await page.getByTestId('row-title').all()) {
        const fits = await title.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return el.scrollWidth <= el.clientWidth && box.left >= 0 && box.right <= innerWidth;
        });
        expect(fits, (await title.textContent()) ?? '').toBe(true);
      }
    }

    for (const end of ['in Europe', 'in Asia']) {
      const title = page.getByTestId('row-title').filter({ hasText: `${stem} ${end}` });
      await expect(title).toHaveText(`${stem} ${end}`);
      // Wrapped over several lines rather than cut to one.
      const { height, lineHeight } = await title.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(height).toBeGreaterThan(2 * lineHeight);
    }

    // The row's own buttons are in reach: Edit opens its drawer, which fits the screen.
    await page.getByRole('button', { name: `Edit ${stem} in Asia` }).click();
    const drawer = page.getByRole('dialog', { name: /Edit publication/ });
    await expect(drawer.getByLabel(/^Title/)).toHaveValue(`${stem} in Asia`);
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await scrollsSideways(page)).toBe(false);
  } finally {
    for (const id of ids) await page.request.delete(`/api/publications/${id}`);
  }
});
