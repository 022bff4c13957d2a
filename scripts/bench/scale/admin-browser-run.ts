// The scale benchmark's browser part: the admin's Publications page driven in Chromium
// (scripts/bench/admin-browser.ts) over the seeded publications, its budget line, and its section
// of the report. Run by `--admin-browser` alone, or as the full run's last part.
import { requireChromium } from '../../chromium';
import type { Platform } from '../../platform';
import {
  ADMIN_BROWSER_BUDGET_MS,
  measureAdminPublications,
  renderAdminBrowser,
} from '../admin-browser';
import { ADMIN, ADMIN_BROWSER, SIZE, SIZES } from './options';
import { load, type AdminBrowserRun, type Check } from './results';

/** How the browser's budget line starts (a later `--admin-browser` run replaces that line). */
export const ADMIN_BROWSER_CHECK = 'the admin Publications page in Chromium';

/** The admin's Publications page in Chromium, over one publication far from the top. */
export async function adminPublicationsPage(platform: Platform): Promise<AdminBrowserRun> {
  const { forgetParsedCopies } = await import('../../../src/server/storage/store');
  // Its saves ask for builds: none may start while it is timed.
  platform.builder.hold = true;
  const target = Math.floor(SIZES.publications * 0.7);
  console.log('The admin Publications page in Chromium:');
  const figures = await measureAdminPublications({
    url: platform.url,
    username: ADMIN.username,
    password: ADMIN.password,
    total: SIZES.publications,
    id: `pub-${target}`,
    word: String(target),
    chromiumPath: requireChromium('bench'),
    forgetParsedCopies,
  });
  return {
    ...figures,
    date: new Date().toISOString(),
    load: load(),
    size: SIZE,
    alone: ADMIN_BROWSER,
  };
}

/** The browser's steps as one budget line: every step right, and each held one within budget. */
export function adminBrowserCheck(adminBrowser: AdminBrowserRun): Check {
  return {
    budget: `${ADMIN_BROWSER_CHECK}: page 1 ≤ ${ADMIN_BROWSER_BUDGET_MS / 1000} s; search, edit a title, move to top, each right and ≤ ${ADMIN_BROWSER_BUDGET_MS / 1000} s`,
    got: (() => {
      const failed = adminBrowser.steps.filter((s) => !s.pass);
      if (failed.length) return failed.map((s) => `${s.step}: ${s.ms} ms`).join('; ');
      const held = adminBrowser.steps.filter((s) => s.held);
      const slowest = held.reduce((a, b) => (b.ms > a.ms ? b : a));
      return `all right; page 1 in ${held[0]!.ms} ms, slowest step ${slowest.ms} ms (${slowest.step}); below`;
    })(),
    pass: adminBrowser.steps.every((s) => s.pass),
  };
}

/** The report's subsection on the browser's drive: how it was made, then its steps. */
export function adminBrowserSection(a: AdminBrowserRun) {
  const by = a.alone
    ? `alone by \`npm run bench:scale -- --admin-browser${a.size !== 1 ? ` --size ${a.size}` : ''}\``
    : 'as the last part of the run above';
  return `
### The admin Publications page in Chromium

Driven ${by} on ${a.date} (load average ${a.load}) over ${Math.round(10_000 * a.size).toLocaleString('en')}
publications with bodies, in Chromium through Playwright: page 1 in a new browser (nothing
cached) against a new function instance (nothing parsed), once more on a reload, then a search by
one title's word, that title edited in its form, and "Move to top". Each step is timed from the
action to the frame that shows its result, and checked against the API's answer afterwards. The
first row, the very first visit after the deploy, is reported but not held to the budget: the local
platform brotli-compresses each file on its first request, in the thread that also runs the
functions, where Netlify's CDN serves them compressed and cached.

${renderAdminBrowser(a)}
`;
}
