// What the admin's Publications page shows and when, read in Chromium for admin-browser.ts: the
// list's rows and count at every frame, where page 1's time went, and one request's span.
import type { Page } from '@playwright/test';

/** What the list shows at a frame: its row titles and its count line. */
export interface Shown {
  titles: string[];
  count: string;
}

/**
 * Waits, checking at every frame, until what the list shows passes `done`; answers it with the
 * page's clock then (ms since its navigation began). `done` runs in Node on each frame's reading,
 * so it may use anything in scope; only the reading runs in the page.
 */
export async function until(
  page: Page,
  done: (s: Shown) => boolean,
  hint = '',
): Promise<Shown & { at: number }> {
  for (;;) {
    // The reading waits for the next frame in which the list changed from `last`.
    const handle = await page.waitForFunction(
      (last) => {
        const titles = [...document.querySelectorAll('[data-testid=row-title]')].map(
          (e) => e.textContent ?? '',
        );
        const count =
          [...document.querySelectorAll('p[aria-live=polite]')].map((e) => e.textContent)[0] ?? '';
        const now = JSON.stringify({ titles, count });
        return now !== last && { titles, count, at: window.performance.now() };
      },
      hint,
      { polling: 'raf' },
    );
    const s = (await handle.jsonValue()) as Shown & { at: number };
    if (done(s)) return s;
    hint = JSON.stringify({ titles: s.titles, count: s.count });
  }
}

/**
 * Where page 1's time went, read in the page once its rows are in (ms since the navigation
 * began): the document's answer, the scripts that came before the list was asked for, and each
 * API request from its start to its end.
 */
export async function timeline(page: Page): Promise<string> {
  return page.evaluate(() => {
    // No helper functions in here: tsx names them with a function this page does not have.
    const nav = window.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const all = window.performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const api = all.filter((r) => new URL(r.name).pathname.startsWith('/api/'));
    const list = api.find((r) => new URL(r.name).pathname === '/api/publications/all');
    const before = all.filter(
      (r) => r.initiatorType === 'script' && (!list || r.startTime < list.startTime),
    );
    const parts = [`document by ${Math.round(nav.responseEnd)}`];
    if (before.length)
      parts.push(
        `${before.length} scripts ${Math.round(Math.min(...before.map((r) => r.startTime)))}–${Math.round(Math.max(...before.map((r) => r.responseEnd)))}`,
      );
    for (const r of api)
      parts.push(
        `${new URL(r.name).pathname} ${Math.round(r.startTime)}–${Math.round(r.responseEnd)}`,
      );
    return parts.join(', ');
  });
}

/** The last request whose address contains `part`: from its start to its end, in ms. */
export async function lastRequest(page: Page, part: string): Promise<string> {
  return page.evaluate((part) => {
    const found = (window.performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.includes(part))
      .pop();
    return found ? `${Math.round(found.responseEnd - found.startTime)} ms` : 'not seen';
  }, part);
}
