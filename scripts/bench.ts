// npm run bench: builds and starts the local site in a child process, then measures
// the JavaScript of the home page, /team, a person's page and a topic's page, Lighthouse (the home
// page, /team, /testimonials and the research library's pages: a report, a figure of it, a
// person, a topic and a search) twice: on the demo content as a fresh site serves it, then with an
// uploaded photo on everything; load, save-to-live and build times; writes bench/results.json and
// bench/RESULTS.md and exits non-zero when a budget is broken.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  COLD_START_BUDGET_MS,
  coldStarts,
  coldStartTable,
  type ColdStart,
} from './bench/cold-start';
import {
  JS_BUDGET_KB,
  jsOverBudget,
  jsSummary,
  measureJs,
  type JsFigures,
} from './bench/js-budget';
import { measureImageSizes, type ImageSizeFigures } from './bench/image-sizes';
import { runLighthouse, type LighthouseFigures } from './bench/lighthouse';
import { addPhotos } from './bench/photos';
import { runLoad, type LoadFigures } from './bench/load';
import { writeResultsSection } from './bench/results-file';
import { requireChromium } from './chromium';
import { PROJECT_ROOT, scratchDir } from './local-env';

// Photos: a file at most 1.5× the pixels its box shows (a candidate ladder ~15% apart, and a
// card shape cropped for phones that wide desktop cards trim a little more).
// Lighthouse, on both sites and every page: every category 100 on phones and desktops, with
// blocking time on phones and the home page's LCP on phones held to figures of their own.
const BUDGET = {
  jsKb: 100,
  performance: 100,
  mobileTbtMs: 100,
  homeMobileLcpMs: 1000,
  otherCategories: 100,
  cls: 0.01,
  saveToLiveS: 20,
  photoPixelRatio: 1.5,
};
const chromium = requireChromium('bench');
const admin = { username: 'bench-admin', password: 'bench-password-123' };

const dataDir = await scratchDir('bench-');
const child = spawn(
  process.execPath,
  [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
  {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: process.env.BENCH_PORT || '0',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      PUBLIC_POST_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
// The site picks a free port and prints it.
const url = await new Promise<string>((resolve, reject) => {
  child.stdout!.on('data', (b: Buffer) => {
    const found = /Site:\s+(http:\/\/\S+?)\/?\s/.exec(b.toString());
    if (found) resolve(found[1]!);
  });
  child.on('close', (c) => reject(new Error(`the site stopped (${c})`)));
});
const stop = async () => {
  child.kill('SIGINT');
  await new Promise((r) => child.once('close', r));
  await rm(dataDir, { recursive: true, force: true });
};

async function api(method: string, p: string, body?: unknown, cookie = '') {
  const res = await fetch(url + p, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null), headers: res.headers };
}
const login = await api('POST', '/api/auth/login', admin);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
const waitLive = async (timeoutMs = 600_000) => {
  const start = Date.now();
  await new Promise((r) => setTimeout(r, 1500)); // let the debounce fire
  for (;;) {
    const s = (await api('GET', '/api/admin/publish', undefined, cookie)).json;
    if (s?.state === 'live' || s?.state === 'failed' || Date.now() - start > timeoutMs) return s;
    await new Promise((r) => setTimeout(r, 250));
  }
};

/**
 * Lighthouse on each page (see runLighthouse), each result printed as it is kept, with the
 * machine's load average (last minute) before and after: Lighthouse scales the CPU time a page
 * took here, so other work on the machine's two cores shows up as blocking time.
 */
async function lighthouseOf(pages: string[]): Promise<LighthouseRun> {
  const load = [os.loadavg()[0]!];
  const figures = await runLighthouse(pages, chromium);
  load.push(os.loadavg()[0]!);
  for (const l of figures)
    console.log(
      `  ${l.formFactor.padEnd(7)} ${l.url.replace(url, '') || '/'}: perf ${l.performance}, a11y ${l.accessibility}, bp ${l.bestPractices}, seo ${l.seo}, LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls}, JS ${(l.scriptBytes / 1024).toFixed(1)} KB, total ${(l.totalBytes / 1024).toFixed(1)} KB${l.shortfalls.length ? ` (short: ${l.shortfalls.join(', ')})` : ''}`,
    );
  return { loadAverage: load.map((l) => Number(l.toFixed(1))), figures };
}
type LighthouseRun = { loadAverage: number[]; figures: LighthouseFigures[] };

/** What one site's Lighthouse figures break of BUDGET. */
function lighthouseOverBudget(figures: LighthouseFigures[]): string[] {
  const broken: string[] = [];
  for (const l of figures) {
    const on = `on ${l.url.replace(url, '') || '/'} (${l.formFactor})`;
    for (const [k, v, budget] of [
      ['performance', l.performance, BUDGET.performance],
      ['accessibility', l.accessibility, BUDGET.otherCategories],
      ['best practices', l.bestPractices, BUDGET.otherCategories],
      ['SEO', l.seo, BUDGET.otherCategories],
    ] as const)
      if (v < budget) broken.push(`${k} ${v} ${on} (budget ${budget})`);
    if (l.formFactor === 'mobile' && l.tbtMs > BUDGET.mobileTbtMs)
      broken.push(`TBT ${l.tbtMs} ms ${on} (budget ${BUDGET.mobileTbtMs} ms)`);
    if (l.formFactor === 'mobile' && l.url === `${url}/` && l.lcpMs > BUDGET.homeMobileLcpMs)
      broken.push(`LCP ${l.lcpMs} ms ${on} (budget ${BUDGET.homeMobileLcpMs} ms)`);
    if (l.url === `${url}/` && l.scriptBytes / 1024 > BUDGET.jsKb)
      broken.push(`JS ${(l.scriptBytes / 1024).toFixed(1)} KB ${on} (budget ${BUDGET.jsKb} KB)`);
    if (l.cls > BUDGET.cls) broken.push(`CLS ${l.cls} ${on} (budget ${BUDGET.cls})`);
    for (const i of l.imageSavings)
      broken.push(`${i.kb} KB to save on ${i.url} ${on}: ${i.reasons.join('; ')}`);
  }
  return broken;
}

try {
  // The site's first build runs in the background after it starts serving: cold starts timed
  // beside it measured the build as much as the imports.
  await waitLive();
  // Cold start of every function as Netlify packages it, each import in a fresh Node process.
  console.log('Cold start…');
  const coldStart: ColdStart[] = await coldStarts(PROJECT_ROOT, path.dirname(dataDir));
  console.log(coldStartTable(coldStart));

  // The research library's pages: the first person (the founder or a team member), the first
  // topic, a publication with a web version (Markdown body) and its first figure's page, and the
  // search page with a query's results. The demo content has such a report; when it does not, the
  // bench gives the first publication a body with a figure, so the report layout is measured.
  const person = ((await api('GET', '/api/team-members')).json as { slug?: string }[] | null)?.[0]
    ?.slug;
  const topic = ((await api('GET', '/api/research-areas')).json as { slug?: string }[] | null)?.[0]
    ?.slug;
  // The list answers summaries without bodies: each of the first few is read on its own.
  const publications =
    ((await api('GET', '/api/publications')).json as { id: string; slug?: string }[] | null) ?? [];
  let report: string | undefined;
  for (const p of publications.slice(0, 20)) {
    const full = (await api('GET', `/api/publications/${p.id}`)).json as { body?: string } | null;
    if (full?.body?.trim()) {
      report = p.slug;
      break;
    }
  }
  if (!report && publications[0]) {
    const body =
      '## Summary\n\nWhat the report found, in three findings.\n\n1. **First**: the first finding.\n2. **Second**: the second finding.\n3. **Third**: the third finding.\n\n| Measure | Before | After |\n| --- | --- | --- |\n| Rules in force | 4 | 11 |\n\n![Bar chart of rules in force, rising from 4 to 11](/images/og-default.png "Figure 1: Rules in force, before and after")\n';
    const patched = await api('PATCH', `/api/publications/${publications[0].id}`, { body }, cookie);
    if (patched.status !== 200)
      throw new Error(`giving a publication a body answered ${patched.status}`);
    report = publications[0].slug;
    await waitLive();
  }
  if (!person || !topic || !report)
    throw new Error(
      `the demo content lacks a person (${person}), a topic (${topic}) or a publication (${report})`,
    );
  const library = {
    person: `${url}/team/${person}`,
    topic: `${url}/research/${topic}`,
    publication: `${url}/publications/${report}`,
    figure: `${url}/publications/${report}/figures/1`,
    search: `${url}/search?q=governance`,
  };

  // JavaScript (every script a page references, gzip): first view and scrolled to the end, on
  // the home page, the team page and a person's and a topic's page, each kind with its own budget.
  const js: { page: keyof typeof JS_BUDGET_KB; figures: JsFigures }[] = [
    { page: 'home', figures: await measureJs(`${url}/`) },
    { page: 'team', figures: await measureJs(`${url}/team`) },
    { page: 'person', figures: await measureJs(library.person) },
    { page: 'topic', figures: await measureJs(library.topic) },
  ];
  for (const j of js) console.log(jsSummary(j.figures, JS_BUDGET_KB[j.page]));

  const pages = [
    `${url}/`,
    `${url}/team`,
    `${url}/testimonials`,
    library.publication,
    library.figure,
    library.person,
    library.topic,
    library.search,
  ];
  // Lighthouse on the site as it ships: the demo content, nothing uploaded.
  console.log('Lighthouse, demo content…');
  const demoLighthouse = await lighthouseOf(pages);

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
  const lighthouse = { demo: demoLighthouse, photos: await lighthouseOf(pages) };

  // Load on loopback.
  console.log('Load…');
  let n = 0;
  const load: LoadFigures[] = [
    await runLoad('GET / (static)', `${url}/`),
    await runLoad(
      'GET /api/events (CDN-cached function: hits after the first call)',
      `${url}/api/events`,
    ),
    await runLoad(
      'GET /api/site-settings (CDN-cached function: hits after the first call)',
      `${url}/api/site-settings`,
    ),
    await runLoad('POST /api/newsletter (function, unique emails)', `${url}/api/newsletter`, {
      method: 'POST',
      body: () => JSON.stringify({ email: `bench-${Date.now()}-${n++}@example.org` }),
    }),
  ];
  for (const l of load)
    console.log(
      `  ${l.name}: ${l.requestsPerSec} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, errors ${l.errors}, non-2xx ${l.non2xx}`,
    );
  const functionToStatic = Number(
    (load[1]!.requestsPerSec / Math.max(1, load[0]!.requestsPerSec)).toFixed(3),
  );

  // Save to live: an admin save until the served HTML shows it.
  const marker = `Bench ${Date.now()}`;
  const t0 = Date.now();
  await api('PATCH', '/api/site-settings', { heroTitle: marker }, cookie);
  let saveToLiveS = Infinity;
  while (Date.now() - t0 < 120_000) {
    if ((await (await fetch(`${url}/`)).text()).includes(marker)) {
      saveToLiveS = (Date.now() - t0) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`Save to live: ${saveToLiveS} s`);
  const demoBuild = await waitLive();

  // Build cost with 1,000 publications and 1,000 events.
  console.log('Adding 1,000 publications and 1,000 events…');
  for (let i = 0; i < 1000; i++) {
    await api(
      'POST',
      '/api/publications',
      {
        title: `Bench publication ${i}`,
        description: 'A benchmark publication. '.repeat(8),
        date: 'May 2025',
        type: 'Report',
        authors: 'Bench',
        link: '',
        image: '',
      },
      cookie,
    );
    await api(
      'POST',
      '/api/events',
      {
        title: `Bench event ${i}`,
        startDate: '2027-01-01',
        endDate: '2027-01-02',
        eventType: 'Workshop',
        location: 'Online',
      },
      cookie,
    );
  }
  await waitLive();
  const counts = {
    publications: (await api('GET', '/api/publications')).json?.length,
    events: (await api('GET', '/api/events')).json?.length,
  };
  console.log(`  store now holds ${counts.publications} publications and ${counts.events} events`);
  await api('POST', '/api/admin/publish', undefined, cookie);
  const bigBuild = await waitLive();
  const homeKb = Number(
    ((await (await fetch(`${url}/`)).arrayBuffer()).byteLength / 1024).toFixed(1),
  );
  console.log(`  / is now ${homeKb} KB of HTML`);

  const results = {
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

  const broken: string[] = [];
  for (const j of js) broken.push(...jsOverBudget(j.figures, JS_BUDGET_KB[j.page]));
  for (const [site, run] of Object.entries(lighthouse))
    broken.push(...lighthouseOverBudget(run.figures).map((b) => `${b} (${site})`));
  for (const i of imageSizes) {
    if (i.worstRatio > BUDGET.photoPixelRatio)
      broken.push(
        `a photo on ${i.page} (${i.device}) has ${i.worstRatio}× the pixels it shows: ${i.worstImage}`,
      );
    if (i.unresized.length)
      broken.push(`${i.unresized.length} photos on ${i.page} (${i.device}) skip the image CDN`);
  }
  if (saveToLiveS > BUDGET.saveToLiveS) broken.push(`save to live ${saveToLiveS} s`);
  for (const l of load)
    if (l.errors || l.non2xx) broken.push(`${l.errors + l.non2xx} errors under load on ${l.name}`);
  for (const c of coldStart)
    if (c.medianMs > COLD_START_BUDGET_MS)
      broken.push(`cold start of ${c.name} ${c.medianMs} ms (budget ${COLD_START_BUDGET_MS} ms)`);

  await writeFile(
    path.join(PROJECT_ROOT, 'bench/results.json'),
    JSON.stringify({ ...results, budget: { ...BUDGET, jsGzKb: JS_BUDGET_KB }, broken }, null, 2) +
      '\n',
  );
  await writeResultsSection('main', renderMarkdown(results, broken));
  console.log(
    `Build: demo ${results.buildMs.demo} ms, with 1,000 publications + 1,000 events ${results.buildMs.with1000PublicationsAndEvents} ms`,
  );
  console.log(
    broken.length ? `\nBudgets broken:\n- ${broken.join('\n- ')}` : '\nAll budgets hold.',
  );
  process.exitCode = broken.length ? 1 : 0;
} finally {
  await stop();
}

function renderMarkdown(
  r: {
    js: { page: keyof typeof JS_BUDGET_KB; figures: JsFigures }[];
    homeHtmlKbWith1000: number;
    date: string;
    lighthouse: Record<'demo' | 'photos', LighthouseRun>;
    imageSizes: ImageSizeFigures[];
    load: LoadFigures[];
    functionToStaticThroughput: number;
    saveToLiveSeconds: number;
    buildMs: Record<string, number | null>;
    coldStart: ColdStart[];
  },
  broken: string[],
) {
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
