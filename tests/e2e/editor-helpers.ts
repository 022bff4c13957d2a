import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the rebuilt home page no longer shows any of `texts`. A build can fail when other
 * suites build the same project at the same moment: then a rebuild is asked for again.
 */
export async function waitUntilGone(page: Page, texts: string[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      await expect
        .poll(async () => {
          const html = await (await page.request.get('/')).text();
          return texts.filter((t) => html.includes(t));
        }, { timeout: 60_000, intervals: [500] })
        .toEqual([]);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.request.post('/api/admin/publish');
    }
  }
}
