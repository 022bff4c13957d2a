// npm run bench: builds and starts the local site in a child process, then measures
// the JavaScript of the home page, /team, a person's page and a topic's page, Lighthouse (the home
// page, /team, /testimonials and the research library's pages: a report, a figure of it, a
// person, a topic and a search) twice: on the demo content as a fresh site serves it, then with an
// uploaded photo on everything; load, save-to-live and build times; writes bench/results.json and
// bench/RESULTS.md and exits non-zero when a budget is broken.
//
// Its parts, in scripts/bench/: site-process.ts (the site and its API), library-pages.ts (the
// pages measured); what is measured: js-budget.ts, lighthouse.ts with lighthouse-run.ts, photos.ts
// with image-sizes.ts, load.ts with load-run.ts, publishing.ts (save to live, the build at 1,000)
// and cold-start.ts; budgets.ts (the budgets), results.ts and report.ts (bench/results.json and
// its section of RESULTS.md).
import path from 'node:path';
import { brokenBudgets } from './bench/budgets';
import { coldStarts, coldStartTable, type ColdStart } from './bench/cold-start';
import { measureImageSizes, type ImageSizeFigures } from './bench/image-sizes';
import { JS_BUDGET_KB, jsSummary, measureJs, type JsFigures } from './bench/js-budget';
import { findLibraryPages, measuredPages } from './bench/library-pages';
import { lighthouseOf } from './bench/lighthouse-run';
import { loadRuns } from './bench/load-run';
import { addPhotos } from './bench/photos';
import { buildWith1000, saveToLive } from './bench/publishing';
import { writeResults } from './bench/report';
import type { BenchResults } from './bench/results';
import { startSite } from './bench/site-process';
import { requireChromium } from './chromium';
import { PROJECT_ROOT } from './local-env';

const chromium = requireChromium('bench');
const site = await startSite();
const { url, api, cookie, waitLive } = site;

try {
  // The site's first build runs in the background after it starts serving: cold starts timed
  // beside it measured the build as much as the imports.
  await waitLive();
  // Cold start of every function as Netlify packages it, each import in a fresh Node process.
  console.log('Cold start…');
  const coldStart: ColdStart[] = await coldStarts(PROJECT_ROOT, path.dirname(site.dataDir));
  console.log(coldStartTable(coldStart));

  const library = await findLibraryPages(site);

  // JavaScript (every script a page references, gzip): first view and scrolled to the end, on
  // the home page, the team page and a person's and a topic's page, each kind with its own budget.
  const js: { page: keyof typeof JS_BUDGET_KB; figures: JsFigures }[] = [
    { page: 'home', figures: await measureJs(`${url}/`) },
    { page: 'team', figures: await measureJs(`${url}/team`) },
    { page: 'person', figures: await measureJs(library.person) },
    { page: 'topic', figures: await measureJs(library.topic) },
  ];
  for (const j of js) console.log(jsSummary(j.figures, JS_BUDGET_KB[j.page]));

  const pages = measuredPages(url, library);
  // Lighthouse on the site as it ships: the demo content, nothing uploaded.
  console.log('Lighthouse, demo content…');
  const demoLighthouse = await lighthouseOf(pages, url, chromium);

  // Photos on every team member, research area, publication and testimonial, so the
  // pages are measured as a think tank with real portraits serves them.
  console.log(
    `Photos: ${await addPhotos(url, cookie, (method, p, body) => api(method, p, body, cookie))} uploaded…`,
  );
  await waitLive();

  // Every photo on each page, scrolled to the end (Lighthouse sees only what loads unscrolled).
  // This is also each photo size's first visitor: Netlify's Image CDN keeps a transformation at
  // the edge after its first request, while the local stand-in encodes AVIF on the bench's two
  // cores, seconds per image under load. Lighthouse then measures what later visitors get.
  const imageSizes: ImageSizeFigures[] = [];
  for (const page of pages) imageSizes.push(...(await measureImageSizes(page, chromium)));
  for (const i of imageSizes)
    console.log(
      `  photos on ${i.page} (${i.device}): ${i.photos}, worst file ÷ shown pixels ${i.worstRatio}${i.unresized.length ? `, ${i.unresized.length} not resized` : ''}`,
    );

  console.log('Lighthouse, with photos…');
  const lighthouse = { demo: demoLighthouse, photos: await lighthouseOf(pages, url, chromium) };

  // Load on loopback.
  console.log('Load…');
  const { load, functionToStatic } = await loadRuns(url);

  const saveToLiveS = await saveToLive(site);
  console.log(`Save to live: ${saveToLiveS} s`);
  const demoBuild = await waitLive();

  const { bigBuild, homeKb } = await buildWith1000(site);

  const results: BenchResults = {
    date: new Date().toISOString(),
    js,
    lighthouse,
    imageSizes,
    load,
    functionToStaticThroughput: functionToStatic,
    saveToLiveSeconds: saveToLiveS,
    buildMs: {
      demo: demoBuild?.lastBuildDurationMs ?? null,
      with1000PublicationsAndEvents: bigBuild?.lastBuildDurationMs ?? null,
    },
    homeHtmlKbWith1000: homeKb,
    coldStart,
  };
  const broken = brokenBudgets(results, url);
  await writeResults(results, broken);
  console.log(
    `Build: demo ${results.buildMs.demo} ms, with 1,000 publications + 1,000 events ${results.buildMs.with1000PublicationsAndEvents} ms`,
  );
  console.log(
    broken.length ? `\nBudgets broken:\n- ${broken.join('\n- ')}` : '\nAll budgets hold.',
  );
  process.exitCode = broken.length ? 1 : 0;
} finally {
  await site.stop();
}
