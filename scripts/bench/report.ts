// The "main" section of bench/RESULTS.md, rendered from a run's results, and both it and
// bench/results.json written.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../local-env';
import { BUDGET } from './budgets';
import { COLD_START_BUDGET_MS, coldStartTable } from './cold-start';
import { JS_BUDGET_KB } from './js-budget';
import type { LighthouseRun } from './lighthouse-run';
import type { BenchResults } from './results';
import { writeResultsSection } from './results-file';

/** Writes bench/results.json (with the budgets and what broke them) and the "main" section of RESULTS.md. */
export async function writeResults(results: BenchResults, broken: string[]): Promise<void> {
  await writeFile(
    path.join(PROJECT_ROOT, 'bench/results.json'),
    JSON.stringify({ ...results, budget: { ...BUDGET, jsGzKb: JS_BUDGET_KB }, broken }, null, 2) +
      '\n',
  );
  await writeResultsSection('main', renderMarkdown(results, broken));
}

function renderMarkdown(r: BenchResults, broken: string[]) {
  const lh = ({ figures, loadAverage: [from, to] }: LighthouseRun) =>
    `| page | form | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | JS KB | total KB |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${figures
  .map(
    (l) =>
      `| ${l.url.replace(/^https?:\/\/[^/]+/, '')} | ${l.formFactor} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${(l.scriptBytes / 1024).toFixed(1)} | ${(l.totalBytes / 1024).toFixed(1)} |`,
  )
  .join('\n')}

Load average (last minute, 2 cores) ${from} at the start, ${to} at the end.`;
  const photos = r.imageSizes
    .map(
      (i) => `| ${i.page} | ${i.device} | ${i.photos} | ${i.worstRatio} | ${i.unresized.length} |`,
    )
    .join('\n');
  const savings = [...r.lighthouse.demo.figures, ...r.lighthouse.photos.figures].flatMap((l) =>
    l.imageSavings.map(
      (i) =>
        `- ${l.url.replace(/^https?:\/\/[^/]+/, '')} (${l.formFactor}): ${i.kb} KB on ${i.url}`,
    ),
  );
  const js = r.js
    .map(
      ({ page, figures: f }) =>
        `| ${new URL(f.url).pathname} | ${f.firstViewKb} | ${JS_BUDGET_KB[page].firstView} | ${f.scrolledToEndKb} | ${JS_BUDGET_KB[page].scrolledToEnd} | +${f.onActionKb} |`,
    )
    .join('\n');
  const ld = r.load
    .map(
      (l) =>
        `| ${l.name} | ${l.requestsPerSec} | ${l.p50Ms} | ${l.p99Ms} | ${l.errors + l.non2xx} |`,
    )
    .join('\n');
  return `# Benchmark results

Measured by \`npm run bench\` on ${r.date} (2 cores, local platform on loopback, Debian Chromium).

## JavaScript

Every script a page references, fetched and gzip-compressed: \`<script>\` tags, each island and
everything it imports (alone: \`npx tsx scripts/bench/js-budget.ts URL\`). First view: scripts and
islands hydrated on load or idle; scrolled to the end: every island hydrated; lazy parts: what an
action adds (form rules, toasts, the popup), without a budget.

| page | first view KB gz | budget | scrolled to the end KB gz | budget | lazy parts KB gz |
| --- | --- | --- | --- | --- | --- |
${js}

## Lighthouse

Each row is the median of 3 runs, as Lighthouse picks it (the run closest to the median first
paint and time to interactive). The same pages twice in one run of the site: first the demo
content as a fresh \`npm start\` serves it (nothing uploaded: the people's portraits are the demo's
drawings), then with an uploaded camera-sized photo (drawn, ~0.35 MB JPEG) on every team member,
research area, publication, approved testimonial and the founder.

Budgets, on both and every page: performance ${BUDGET.performance} and the other categories ${BUDGET.otherCategories} on phones and
desktops; on phones total blocking time ≤ ${BUDGET.mobileTbtMs} ms, and LCP ≤ ${BUDGET.homeMobileLcpMs} ms on \`/\`; CLS ≤ ${BUDGET.cls};
no Lighthouse "Improve image delivery" savings (size, format, compression). Lighthouse scales
the CPU time a page took on this machine, so other work on its two cores adds blocking time.

### The demo content as it ships

${lh(r.lighthouse.demo)}

### With a photo on everything

${lh(r.lighthouse.photos)}

Lighthouse "Improve image delivery": ${savings.length ? `\n${savings.join('\n')}` : 'no savings on any page.'}

## Photos at the size they are shown

Each page scrolled to the end in Chromium, on a phone (412 px at 1.75×, as Lighthouse) and a
desktop (1350 px); every photo's file pixels ÷ the device pixels its box shows (budget ${BUDGET.photoPixelRatio}).

| page | device | photos | worst ratio | not through the image CDN |
| --- | --- | --- | --- | --- |
${photos}

## Load (10 connections, 5 s each)

| endpoint | req/s | p50 ms | p99 ms | errors |
| --- | --- | --- | --- | --- |
${ld}

Function to static throughput: ${r.functionToStaticThroughput}.

## Publishing

The local platform's builds: one that starts within a minute of the last runs in the warm
process the last one left (scripts/platform/build-workers.ts), one that starts later in a fresh
process, as every Netlify build does. Here the save's build came minutes after the last one (the
photos, Lighthouse and the load test ran in between), in a fresh process; the build with 1,000 of
each came right after another build, in the warm process that one left.

- Save to live (admin PATCH until the served HTML shows it): ${r.saveToLiveSeconds} s
- Full build, demo content: ${r.buildMs.demo} ms
- Full build, with 1,000 publications and 1,000 events: ${r.buildMs.with1000PublicationsAndEvents} ms (the home page is then ${r.homeHtmlKbWith1000} KB of HTML)

## Cold start

Each function bundled and packaged as a Netlify build does (\`npm run build:functions\`, then
@netlify/zip-it-and-ship-it), its entry imported in a fresh Node 22 process 7 times (budget ${COLD_START_BUDGET_MS} ms median;
alone: \`npx tsx scripts/bench/cold-start.ts\`).

${coldStartTable(r.coldStart)}

## Budgets

${broken.length ? broken.map((b) => `- broken: ${b}`).join('\n') : 'All budgets hold.'}
`;
}
