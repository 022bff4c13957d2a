// npm run bench:scale: what every read and write costs when the store is full (issue "a library of
// any size"). Seeds 10,000 publications with Markdown bodies, 1,000 events, 50,000 subscribers
// (with 5,000 signups awaiting confirmation and 5,000 addresses that unsubscribed beside them),
// 10,000 contact messages, 10,000 testimonials (9,900 pending) and 2,000 history entries into a
// fresh local platform, written straight to the store. Then, per endpoint: response bytes (raw and
// gzip), Blobs calls and the bytes they read and wrote per request, and p50/p95 times; once as is,
// and for reads once more with a fixed delay added to every Blobs call (BENCH_BLOBS_LATENCY_MS,
// default 20) to show what Netlify's round trips would cost. Public reads are timed at the
// function (the emulated CDN is purged before each). Last, a title change is timed from its save
// to the live page (the build started at once). Writes bench/scale-results.json and the "Scale"
// section of bench/RESULTS.md, prints pass/fail per budget and exits non-zero when one fails.
//
// `--size 0.1` seeds that fraction of every count (a quick check that the benchmark works; its
// figures are not the issue's). `--build-only` times only the full build (over the same
// publications, events and testimonials) and keeps the endpoints' last figures. `--media-only`
// seeds only the media library beside the demo content and measures only the Media page's
// requests (no build), keeping every other figure from the last run. `--admin-browser` seeds only
// the publications (the pages built before, over the demo content) and drives the admin's
// Publications page in Chromium (scripts/bench/admin-browser.ts), keeping every other figure from
// the last run; the full run drives it too, last.
//
// Its parts, in scripts/bench/scale/: options.ts (the flags and sizes), seed.ts (the library),
// endpoints.ts (what is measured), measure.ts (how), checks.ts (the budgets), results.ts and
// report.ts (bench/scale-results.json and its section of RESULTS.md), admin-browser-run.ts (the
// browser part).
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { startPlatform, type Platform } from '../platform';
import { PROJECT_ROOT, scratchDir } from '../local-env';
import {
  ADMIN_BROWSER_CHECK,
  adminBrowserCheck,
  adminPublicationsPage,
} from './scale/admin-browser-run';
import { BUDGET, checks } from './scale/checks';
import { ENDPOINTS, isMediaPage, MIDDLE } from './scale/endpoints';
import { measureEndpoints } from './scale/measure';
import {
  ADMIN,
  ADMIN_BROWSER,
  BUILD_ONLY,
  LATENCY_MS,
  MEDIA_ONLY,
  RUNS,
  SIZE,
  SIZES,
} from './scale/options';
import { writeScaleResults } from './scale/report';
import { lastResults, load, type ScaleResults } from './scale/results';
import { seedScaleLibrary } from './scale/seed';

const dataDir = await scratchDir('bench-scale-');
process.env.PUBLIC_POST_LIMIT = '0';
const platform = await startPlatform({
  projectRoot: PROJECT_ROOT,
  dataDir,
  pages: true,
  log: () => {},
  debounceMs: 60_000,
});

try {
  const counts = await seedScaleLibrary(platform);

  // The full build with 1,000 publications and 1,000 events (not for the Media page alone).
  const b0 = performance.now();
  if (!MEDIA_ONLY && !ADMIN_BROWSER) await platform.build();
  const fullBuildMs = Math.round(performance.now() - b0);
  if (!MEDIA_ONLY && !ADMIN_BROWSER) console.log(`Full build: ${fullBuildMs} ms`);

  if (BUILD_ONLY) {
    // The endpoints' figures stay as the last full run measured them; only the build's change.
    await writeScaleResults({
      ...(await lastResults()),
      fullBuildMs,
      buildDate: new Date().toISOString(),
      buildLoad: load(),
    });
  } else if (ADMIN_BROWSER) {
    await adminBrowserOnly(platform);
  } else {
    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    // The inbox index is built by a store's first admin read (a scan of every message, once):
    // a live site has long had it, so it is built before anything is measured.
    await fetch(`${platform.url}/api/admin/contact-forms`, { headers: { cookie } });
    console.log('Measuring…');
    const rows = await measureEndpoints(
      { platform, cookie },
      MEDIA_ONLY ? ENDPOINTS.filter((x) => isMediaPage(x.path)) : ENDPOINTS,
    );

    if (MEDIA_ONLY) {
      // Only the Media page's rows change; everything else stays as the last full run left it.
      const last = await lastResults();
      if (last.size !== SIZE)
        throw new Error(`the last run seeded ${last.size} of the library, this one ${SIZE}`);
      const merged = last.rows.map((r) => rows.find((m) => m.path === r.path) ?? r);
      await writeScaleResults({
        ...last,
        rows: [...merged, ...rows.filter((m) => !last.rows.some((r) => r.path === m.path))],
        checks: checks(merged, last.saveToLiveMs, last.adminBrowser),
        mediaDate: new Date().toISOString(),
        mediaLoad: load(),
        mediaRuns: RUNS,
      });
      // Held to the budgets that apply to them: 2xx, one function response, an admin page's p50.
      const broken = rows.filter(
        (r) =>
          r.status < 200 ||
          r.status >= 300 ||
          r.bytes > BUDGET.responseBytes ||
          r.p50Ms > BUDGET.adminPageP50Ms,
      );
      console.log(
        `\nThe Media page's requests: ${broken.length ? 'FAIL' : 'pass'} (2xx, ≤ ${BUDGET.responseBytes.toLocaleString('en')} B, p50 ≤ ${BUDGET.adminPageP50Ms} ms)`,
      );
      process.exitCode = broken.length ? 1 : 0;
    } else {
      const saveToLiveMs = await timeSaveToLive(platform, cookie);
      console.log(`Save → live: ${saveToLiveMs ?? 'the page did not show the change'} ms`);
      const adminBrowser = await adminPublicationsPage(platform);

      const results: ScaleResults = {
        date: new Date().toISOString(),
        load: load(),
        size: SIZE,
        sizes: { ...SIZES, ...counts },
        latencyMs: LATENCY_MS,
        runs: RUNS,
        fullBuildMs,
        saveToLiveMs,
        rows,
        adminBrowser,
        checks: checks(rows, saveToLiveMs, adminBrowser),
      };
      await writeScaleResults(results);
      console.log('\nBudgets:');
      for (const c of results.checks)
        console.log(`  ${c.pass ? 'pass' : 'FAIL'}  ${c.budget}: ${c.got}`);
      process.exitCode = results.checks.every((c) => c.pass) ? 0 : 1;
    }
  }
} finally {
  await platform.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** A title change from its save to the live page, the build started at once; null if it never showed. */
async function timeSaveToLive(platform: Platform, cookie: string): Promise<number | null> {
  const title = `Live check ${crypto.randomUUID().slice(0, 8)}`;
  const s0 = performance.now();
  const saved = await fetch(`${platform.url}/api/publications/${MIDDLE}`, {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  const { slug } = (await saved.json()) as { slug?: string };
  await platform.build();
  const live = await fetch(`${platform.url}/publications/${slug ?? ''}`);
  return (await live.text()).includes(title) ? Math.round(performance.now() - s0) : null;
}

/** `--admin-browser`: only the browser's figures change; the rest stays as the last full run left it. */
async function adminBrowserOnly(platform: Platform) {
  const adminBrowser = await adminPublicationsPage(platform);
  const last = await lastResults().catch(() => null);
  if (last?.size === SIZE)
    await writeScaleResults({
      ...last,
      adminBrowser,
      // The other budgets stay as that run judged them; only the browser's line is new.
      checks: [
        ...last.checks.filter((c) => !c.budget.startsWith(ADMIN_BROWSER_CHECK)),
        adminBrowserCheck(adminBrowser),
      ],
    });
  else
    console.log(
      `Not written to bench/RESULTS.md: ${last ? `the last full run seeded ${last.size} of the library, this one ${SIZE}` : 'no full run to add them to'}.`,
    );
  process.exitCode = adminBrowser.steps.every((s) => s.pass) ? 0 : 1;
}
