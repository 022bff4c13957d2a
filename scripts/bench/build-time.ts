// npm run bench:build: times the full build alone with 1,000 publications and 1,000 events, as the
// scale bench seeds them (plus the demo content), without the rest of the scale bench.
//
//   npm run bench:build -- [--data DIR] [--runs 3] [--keep DIR]
//
// --data keeps the seeded store (and the fixed clock and site address) between invocations, so two
// versions of the code can be timed, and their output compared, on the same content. Each run
// starts with an empty Open Graph image cache, as the benches' first build does (so it draws the
// per-build maximum of new images). --keep copies the last run's output there.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { args, PROJECT_ROOT } from '../local-env';
import { startPlatform } from '../platform';

const SIZES = { publications: 1_000, events: 1_000 };
const DAY = 86_400_000;
const opts = args();
const runs = Number(opts.runs ?? 3);
const dataDir = path.resolve(typeof opts.data === 'string' ? opts.data : path.join(PROJECT_ROOT, '.data', 'tmp', 'bench-build'));
await mkdir(dataDir, { recursive: true });

// One clock and one address per data folder: pages, feeds and the sitemap then come out the same
// from build to build.
const clockFile = path.join(dataDir, 'bench-clock');
const clock = Number(await readFile(clockFile, 'utf8').catch(() => '')) || Date.now();
await writeFile(clockFile, String(clock));
process.env.BUILD_CLOCK_MS = String(clock);
process.env.URL = 'https://meridian.example';
process.env.PUBLIC_POST_LIMIT = '0';

const platform = await startPlatform({ projectRoot: PROJECT_ROOT, dataDir, pages: true, schedules: false, log: () => {}, debounceMs: 60_000 });
try {
  const { seedDemoContent } = await import('../../src/server/content/seed');
  if (await seedDemoContent()) {
    const { publications, events } = await import('../../src/server/content/collections');
    const stamp = new Date(clock).toISOString();
    await publications.replaceAll(
      Array.from({ length: SIZES.publications }, (_, n) => ({ id: `pub-${n}`, title: `Scale publication ${n}`, description: 'A careful look at how institutions adopt AI. '.repeat(4), date: 'March 2025', type: 'Report', authors: 'M. Chen', link: '', image: '', order: n, createdAt: stamp, updatedAt: stamp })),
    );
    await events.replaceAll(
      Array.from({ length: SIZES.events }, (_, n) => {
        const start = new Date(clock + (n - SIZES.events / 2) * DAY).toISOString();
        return { id: `event-${n}`, title: `Scale event ${n}`, description: 'A workshop. '.repeat(8), eventType: 'Workshop', startDate: start, endDate: start, startTime: '', endTime: '', location: 'London', isVirtual: false, virtualLink: '', registrationLink: '', imageUrl: '', youtubeUrl: '', featured: n % 5 === 0, order: n, createdAt: stamp, updatedAt: stamp };
      }),
    );
    console.log(`Seeded ${SIZES.publications} publications and ${SIZES.events} events into ${dataDir}`);
  }

  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(path.join(dataDir, 'builds', 'cache', 'og-images'), { recursive: true, force: true });
    const failuresBefore = platform.builder.failures;
    const t0 = performance.now();
    await platform.build();
    const ms = Math.round(performance.now() - t0);
    if (platform.builder.failures > failuresBefore) throw new Error('The build failed (run `npm run start` to see why)');
    times.push(ms);
    console.log(`Build ${i + 1}: ${ms} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`Median of ${runs}: ${sorted[Math.floor(runs / 2)]} ms`);
  if (typeof opts.keep === 'string' && platform.builder.site) {
    await rm(opts.keep, { recursive: true, force: true });
    await cp(platform.builder.site.root, opts.keep, { recursive: true });
    console.log(`Output copied to ${opts.keep}`);
  }
} finally {
  await platform.close();
}
