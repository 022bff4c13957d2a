/**
 * The admin's Publications page in Chromium over a full library, as an editor uses it: page 1
 * from a fresh browser (nothing cached) against a new function instance (nothing parsed), a
 * search by a word of one title, that publication's title edited in its form and saved, and
 * "Move to top" putting it first. Each step is timed from the editor's action to its result on
 * the screen (checked at every frame, so the figure is not Playwright's polling interval), and
 * checked against what the server then answers.
 *
 * This file drives the page; admin-browser-reading.ts reads what it shows (at every frame, and
 * where the time went), and admin-browser-report.ts holds the figures and how RESULTS.md shows them.
 */
import { chromium, type Response } from '@playwright/test';
import { performance } from 'node:perf_hooks';
import { lastRequest, timeline, until } from './admin-browser-reading';
import {
  ADMIN_BROWSER_BUDGET_MS,
  type AdminBrowserFigures,
  type AdminBrowserStep,
} from './admin-browser-report';

export {
  ADMIN_BROWSER_BUDGET_MS,
  renderAdminBrowser,
  type AdminBrowserFigures,
  type AdminBrowserStep,
} from './admin-browser-report';

/** What the page asks the server for at once (CollectionPage's PAGE_SIZE). */
const PAGE_SIZE = 20;
/** Generous: a loaded two-core machine must fail the budget, not time out the step. */
const STEP_TIMEOUT_MS = 60_000;

interface Options {
  url: string;
  username: string;
  password: string;
  /** How many publications the store holds (the page's count must say so). */
  total: number;
  /** The publication edited and moved: its id and its title's own word (a number). */
  id: string;
  word: string;
  chromiumPath: string;
  /** Drops what the functions keep parsed, so page 1 is read as a new instance reads it. */
  forgetParsedCopies: () => void;
}

export async function measureAdminPublications(o: Options): Promise<AdminBrowserFigures> {
  const browser = await chromium.launch({ executablePath: o.chromiumPath });
  try {
    /** A new browser profile (nothing cached), signed in as the login form does. */
    const freshPage = async () => {
      const context = await browser.newContext({
        baseURL: o.url,
        viewport: { width: 1350, height: 940 },
      });
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const login = await page.request.post('/api/auth/login', {
        data: { username: o.username, password: o.password },
      });
      if (login.status() !== 200)
        throw new Error(`sign-in: ${login.status()} ${await login.text()}`);
      return page;
    };

    const steps: AdminBrowserStep[] = [];
    const step = (name: string, ms: number, ok: boolean, detail: string, held = true) => {
      const s = {
        step: name,
        ms: Math.round(ms),
        pass: ok && (!held || ms <= ADMIN_BROWSER_BUDGET_MS),
        held,
        detail,
      };
      steps.push(s);
      console.log(`  ${s.pass ? 'pass' : 'FAIL'}  ${name}: ${s.ms} ms (${detail})`);
    };
    const pageOne = Math.min(PAGE_SIZE, o.total);
    const countLine = `${o.total} publications`;
    const title = `Scale publication ${o.word}`;

    // 0. The very first visit after the deploy. The local platform brotli-compresses each file on
    // its first request, in the one thread that also runs the functions; Netlify's CDN serves
    // files compressed and cached, so only the first visitor's browser after a deploy could meet
    // that cost there. Reported, not held to the budget; it also leaves the files compressed.
    const first = await freshPage();
    o.forgetParsedCopies();
    await first.goto('/admin/publications', { waitUntil: 'commit' });
    const firstSeen = await until(
      first,
      (s) => s.titles.length >= pageOne && s.count === countLine,
    );
    step(
      'page 1, the first visit after the deploy (each file compressed on its first request)',
      firstSeen.at,
      firstSeen.titles.length === pageOne,
      await timeline(first),
      false,
    );
    await first.context().close();

    const page = await freshPage();
    const context = page.context();

    // 1. Page 1, cold: every API answer the page asked for is noted with its size.
    const loadRequests: AdminBrowserFigures['loadRequests'] = [];
    const noting: Promise<void>[] = [];
    const note = (r: Response) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/api/')) return;
      const path = url.pathname + url.search;
      noting.push(
        r
          .body()
          .then((b) => void loadRequests.push({ path, status: r.status(), bytes: b.length }))
          .catch(() => void loadRequests.push({ path, status: r.status(), bytes: -1 })),
      );
    };
    page.on('response', note);
    o.forgetParsedCopies();
    await page.goto('/admin/publications', { waitUntil: 'commit' });
    let seen = await until(page, (s) => s.titles.length >= pageOne && s.count === countLine);
    step(
      'page 1 in a new browser (nothing cached) from a new function instance',
      seen.at,
      seen.titles.length === pageOne,
      `${seen.titles.length} rows and "${seen.count}"; ${await timeline(page)}`,
    );
    // Whatever else the page asks for once its rows are in (its releases, the publish badge).
    await page.waitForLoadState('networkidle');
    page.off('response', note);
    await Promise.all(noting);
    loadRequests.sort((a, b) => b.bytes - a.bytes);

    // Page 1 again, as an admin coming back to it: the page's code is cached, the function warm.
    await page.reload({ waitUntil: 'commit' });
    seen = await until(page, (s) => s.titles.length >= pageOne && s.count === countLine);
    step(
      'page 1 again (its code cached, the function warm)',
      seen.at,
      seen.titles.length === pageOne,
      await timeline(page),
    );

    // 2. A search by the title's own word: one row, that publication.
    const search = page.getByLabel('Search publications');
    let t = performance.now();
    await search.fill(o.word);
    seen = await until(page, (s) => s.count.startsWith('1 publication matching'));
    step(
      `search "${o.word}" (300 ms of it the search box's debounce)`,
      performance.now() - t,
      seen.titles.length === 1 && seen.titles[0] === title,
      `rows: ${JSON.stringify(seen.titles)}; the search's request ${await lastRequest(page, `q=${o.word}`)}`,
    );

    // 3. Its title edited in the form: the record is read, then saved.
    t = performance.now();
    await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edit publication' });
    const field = form.getByLabel(/^Title/);
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll<HTMLInputElement>('[role=dialog] input')].some(
          (i) => i.value === want,
        ),
      title,
      { polling: 'raf' },
    );
    const openMs = performance.now() - t;
    step(
      'editor open with the record read',
      openMs,
      (await field.inputValue()) === title,
      `title field "${await field.inputValue()}"`,
    );
    const renamed = `${title} retitled ${crypto.randomUUID().slice(0, 8)}`;
    await field.fill(renamed);
    const patched = page.waitForResponse(
      (r) => r.url().endsWith(`/api/publications/${o.id}`) && r.request().method() === 'PATCH',
    );
    t = performance.now();
    await form.getByRole('button', { name: 'Save changes' }).click();
    seen = await until(page, (s) => s.titles.includes(renamed), renamed);
    const editMs = performance.now() - t;
    const patch = await patched;
    await form.waitFor({ state: 'hidden' });
    const stored = (await (await page.request.get(`/api/publications/${o.id}`)).json()) as {
      title?: string;
    };
    step(
      'title saved and shown',
      editMs,
      patch.status() === 200 && stored.title === renamed,
      `PATCH ${patch.status()}, the API answers "${stored.title}"`,
    );

    // 4. "Move to top" from the search's results, then page 1 unfiltered shows it first.
    const ordered = page.waitForResponse(
      (r) => r.url().endsWith('/api/publications/order') && r.request().method() === 'PUT',
    );
    t = performance.now();
    await page.getByRole('button', { name: `Move ${renamed} to top`, exact: true }).click();
    const put = await ordered;
    const putMs = performance.now() - t;
    const apiFirst = (await (
      await page.request.get('/api/publications/all?page=1&pageSize=1')
    ).json()) as { items: { id: string }[] };
    step(
      '"Move to top" answered',
      putMs,
      put.status() === 200 && apiFirst.items[0]?.id === o.id,
      `PUT ${put.status()}, first by the API: ${apiFirst.items[0]?.id}`,
    );
    t = performance.now();
    await search.fill('');
    seen = await until(page, (s) => s.count === countLine && s.titles.length >= pageOne);
    step(
      'search cleared: page 1 shows it first (300 ms of it the debounce)',
      performance.now() - t,
      seen.titles[0] === renamed,
      `first row "${seen.titles[0]}"`,
    );
    await context.close();
    return { steps, loadRequests };
  } finally {
    await browser.close();
  }
}
