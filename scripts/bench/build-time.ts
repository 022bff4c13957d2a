// npm run bench:build: times the full build alone over a large library: 10,000 publications (each
// with a Markdown body), 1,000 events, 200 people (the founder and 199 team members, credited as
// authors and speakers) and 20 research areas (topics), beside the rest of the demo content.
//
//   npm run bench:build -- [--data DIR] [--runs 3] [--keep DIR] [--warm]
//
// The first run starts from an empty build cache (what a site's first build, or a build after the
// cache was cleared, costs); the later runs keep the cache of the run before, as Netlify keeps
// node_modules/.cache and Astro's cache folder between builds, and show what a rebuild costs when
// nothing changed. Every run starts with an empty Open Graph image cache (so it draws the per-build
// maximum of new images). Budgets: each build ≤ 45 s, the home page ≤ 300 KB of HTML, the largest
// topic page ≤ 150 KB. Writes the "Build" section of bench/RESULTS.md; exits non-zero when a budget
// is broken.
//
// --data keeps the seeded store (and the fixed clock and site address) between invocations, so two
// versions of the code can be timed, and their output compared, on the same content. --keep copies
// the last run's output there. --warm keeps the build cache the last invocation left (with --data),
// so every run is a rebuild; nothing is then written to RESULTS.md.
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { args, PROJECT_ROOT } from '../local-env';
import { startPlatform } from '../platform';
import { cpuMeter, describeCpu, type CpuUse } from './cpu-use';
import { DAY, reportBody, seedEvents, seedPublications } from './seed-library';
import { writeResultsSection } from './results-file';

const SIZES = { publications: 10_000, events: 1_000, people: 200, topics: 20 };
const BUDGET = { buildMs: 45_000, homeKB: 300, topicKB: 150 };
const TYPES = ['Report', 'Policy Brief', 'Working Paper', 'Commentary'];
const opts = args();
const runs = Number(opts.runs ?? 3);
const dataDir = path.resolve(
  typeof opts.data === 'string'
    ? opts.data
    : path.join(PROJECT_ROOT, '.data', 'tmp', 'bench-build'),
);
await mkdir(dataDir, { recursive: true });

// One clock and one address per data folder: pages, feeds and the sitemap then come out the same
// from build to build.
const clockFile = path.join(dataDir, 'bench-clock');
const clock = Number(await readFile(clockFile, 'utf8').catch(() => '')) || Date.now();
await writeFile(clockFile, String(clock));
process.env.BUILD_CLOCK_MS = String(clock);
process.env.URL = 'https://meridian.example';
process.env.PUBLIC_POST_LIMIT = '0';

const platform = await startPlatform({
  projectRoot: PROJECT_ROOT,
  dataDir,
  pages: true,
  schedules: false,
  log: () => {},
  debounceMs: 60_000,
});
try {
  const { seedDemoContent } = await import('../../src/server/workflows/seed');
  if (await seedDemoContent()) {
    const { researchAreas, teamMembers } = await import('../../src/server/content/collections');
    const { FOUNDER_ID } = await import('../../src/schemas/founder-id');
    const stamp = new Date(clock).toISOString();
    const meta = (id: string, order: number) => ({ id, order, createdAt: stamp, updatedAt: stamp });
    const topics = Array.from({ length: SIZES.topics }, (_, n) => ({
      ...meta(`topic-${n}`, n),
      title: `Research area ${n}`,
      description:
        `How AI changes area ${n}: the questions we study and what we have found so far. `
          .repeat(3)
          .trim(),
      image: '',
    }));
    await researchAreas.replaceAll(topics);
    // The founder (a site setting) is the 200th person.
    const members = Array.from({ length: SIZES.people - 1 }, (_, n) => ({
      ...meta(`member-${n}`, n),
      name: `Person ${n} Example${n}`,
      position: n % 3 ? 'Research Fellow' : 'Senior Fellow',
      bio: `Person ${n} studies how institutions adopt AI. `.repeat(6).trim(),
      topics: [topics[n % SIZES.topics]!.id, topics[(n + 7) % SIZES.topics]!.id],
    }));
    await teamMembers.replaceAll(members);
    const credit = (n: number) =>
      n % 17 === 0
        ? { member: FOUNDER_ID }
        : { member: members[n % members.length]!.id, name: members[n % members.length]!.name };
    await seedPublications({
      count: SIZES.publications,
      now: clock,
      fields: (n) => {
        const day = new Date(clock - (n + 1) * (DAY / 3));
        const topic = topics[n % SIZES.topics]!;
        return {
          date: day.toLocaleDateString('en-GB', {
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }),
          publishedOn: day.toISOString().slice(0, 10),
          type: TYPES[n % TYPES.length]!,
          authors: [credit(n), credit(n * 7 + 3), { name: `Outside Author ${n % 50}` }],
          topics: n % 5 ? [topic.id] : [topic.id, topics[(n + 3) % SIZES.topics]!.id],
          body: reportBody(n, topic.title),
          doi: n % 4 ? '' : `10.5555/bench.${n}`,
        };
      },
    });
    await seedEvents({
      count: SIZES.events,
      now: clock,
      fields: (n) => ({
        // Trimmed, as this benchmark has always seeded it: a store kept by --data builds the same pages.
        description: 'A workshop. '.repeat(8).trim(),
        speakers: [credit(n * 3)],
        topics: [topics[n % SIZES.topics]!.id],
      }),
    });
    console.log(
      `Seeded ${SIZES.publications} publications, ${SIZES.events} events, ${SIZES.people} people and ${SIZES.topics} topics into ${dataDir}`,
    );
  }

  const cacheDir = path.join(dataDir, 'builds', 'cache');
  const warmStart = opts.warm === true;
  if (!warmStart) await rm(cacheDir, { recursive: true, force: true });
  const times: number[] = [];
  const cpus: (CpuUse | null)[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(path.join(cacheDir, 'og-images'), { recursive: true, force: true });
    const failuresBefore = platform.builder.failures;
    const cpu = cpuMeter();
    const t0 = performance.now();
    await platform.build();
    const ms = Math.round(performance.now() - t0);
    const used = cpu();
    // Timed to the moment the build serves; the old builds it leaves are removed after that, and
    // the next build waits for their removal, which is no part of its own time.
    await platform.builder.idle();
    if (platform.builder.failures > failuresBefore)
      throw new Error('The build failed (run `npm run start` to see why)');
    times.push(ms);
    cpus.push(used);
    console.log(
      `Build ${i + 1}${i === 0 && !warmStart ? ' (empty build cache)' : ' (cache of the build before)'}: ${ms} ms (${describeCpu(cpus[i] ?? null)})`,
    );
  }
  const root = platform.builder.site!.root;
  const kb = async (file: string) =>
    Number(((await stat(path.join(root, file))).size / 1024).toFixed(1));
  const homeKB = await kb('index.html');
  const topicPages = (await readdir(path.join(root, 'research'), { withFileTypes: true })).filter(
    (d) => d.isDirectory(),
  );
  const topicSizes = await Promise.all(
    topicPages.map(async (d) => ({
      page: `/research/${d.name}`,
      kb: await kb(path.join('research', d.name, 'index.html')),
    })),
  );
  const topic = topicSizes.sort((a, b) => b.kb - a.kb)[0]!;
  const htmlPages = await countHtml(root);
  console.log(
    `Home page: ${homeKB} KB of HTML; largest topic page ${topic.page}: ${topic.kb} KB; ${htmlPages} HTML pages`,
  );

  const cold = warmStart ? undefined : times[0];
  const warm = warmStart ? times : times.slice(1);
  const warmSorted = [...warm].sort((a, b) => a - b);
  // The median; of an even count, the mean of the middle two (of two rebuilds, not the slower one).
  const mid = warmSorted.length / 2;
  const rebuild = !warmSorted.length
    ? undefined
    : warmSorted.length % 2
      ? warmSorted[Math.floor(mid)]!
      : Math.round((warmSorted[mid - 1]! + warmSorted[mid]!) / 2);
  const broken: string[] = [];
  for (const [what, ms] of [
    ['first build', cold],
    ['rebuild', rebuild],
  ] as const) {
    if (ms !== undefined && ms > BUDGET.buildMs)
      broken.push(`${what} ${ms} ms (budget ${BUDGET.buildMs} ms)`);
  }
  if (homeKB > BUDGET.homeKB) broken.push(`home page ${homeKB} KB (budget ${BUDGET.homeKB} KB)`);
  if (topic.kb > BUDGET.topicKB)
    broken.push(`topic page ${topic.page} ${topic.kb} KB (budget ${BUDGET.topicKB} KB)`);
  if (!warmStart)
    await writeResultsSection(
      'build',
      `## Build at scale

Measured by \`npm run bench:build\` on ${new Date().toISOString()}: the full build (the local platform's
builder: build plugin, \`astro build\`, swap-in) over ${SIZES.publications.toLocaleString('en')} publications with Markdown bodies,
${SIZES.events.toLocaleString('en')} events, ${SIZES.people} people and ${SIZES.topics} topics (${htmlPages.toLocaleString('en')} HTML pages). Every build
draws up to 40 new Open Graph images (their cache is emptied before each). Load average (5 min) at the
end: ${loadavg()[1]!.toFixed(1)} on ${availableParallelism()} cores: on a shared machine the figures are pessimistic.

| build | ms | the machine's CPUs meanwhile |
| --- | --- | --- |
| first build, empty build cache | ${cold} | ${describeCpu(cpus[0] ?? null)} |
${
  rebuild !== undefined
    ? `| rebuild, nothing changed (median of ${warm.length}, with the build cache the build before left) | ${rebuild} | ${cpus
        .slice(warmStart ? 0 : 1)
        .map(describeCpu)
        .join('; ')} |\n`
    : ''
}
Home page: ${homeKB} KB of HTML. Largest topic page (${topic.page}): ${topic.kb} KB of HTML.

Budgets: full build ≤ ${BUDGET.buildMs / 1000} s, home page ≤ ${BUDGET.homeKB} KB, topic page ≤ ${BUDGET.topicKB} KB.
${broken.length ? broken.map((b) => `- broken: ${b}`).join('\n') : 'All budgets hold.'}
`,
    );
  console.log(
    broken.length ? `\nBudgets broken:\n- ${broken.join('\n- ')}` : '\nAll build budgets hold.',
  );
  process.exitCode = broken.length ? 1 : 0;
  if (typeof opts.keep === 'string') {
    await rm(opts.keep, { recursive: true, force: true });
    await cp(root, opts.keep, { recursive: true });
    console.log(`Output copied to ${opts.keep}`);
  }
} finally {
  await platform.close();
}

/** HTML files under `dir`. */
async function countHtml(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}
