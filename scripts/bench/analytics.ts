// npm run bench:analytics: visit counting's throughput and rollup cost on the local platform.
// - Beacons: BENCH_BEACONS (default 10,000) from 50 concurrent clients, through the real /api/hit
//   handler in this process (no HTTP), until every hit is merged into its tally on the local
//   Blobs server; then the scheduled rollup folding them.
// - Rollup of 1,000,000 hits: a day's tallies as beacons leave them (1,000,000 hits over the
//   1,440 minutes of yesterday, every one of the TALLY_SHARDS tallies of each minute in use) are
//   written straight into the store, then the rollup is run, run after run as the schedule would,
//   until nothing is left, through a Blobs proxy that counts its calls; once as is and once with
//   BENCH_BLOBS_LATENCY_MS (default 20) added to every Blobs call, as Netlify's round trips would.
// Writes the "Analytics" section of bench/RESULTS.md.
import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { getStore } from '@netlify/blobs';
import { startPlatform } from '../platform';
import { currentBlobsURL, redirectBlobsContext, startBlobsProxy } from '../platform/blobs-proxy';
import { PROJECT_ROOT, scratchDir } from '../local-env';
import { writeResultsSection } from './results-file';

const BEACONS = Number(process.env.BENCH_BEACONS ?? 10_000);
const CLIENTS = 50;
const MILLION = 1_000_000;
const LATENCY_MS = Number(process.env.BENCH_BLOBS_LATENCY_MS ?? 20);

process.env.PUBLIC_POST_LIMIT = '0';
const dataDir = await scratchDir('bench-analytics-');
const platform = await startPlatform({
  projectRoot: PROJECT_ROOT,
  dataDir,
  pages: false,
  log: () => {},
  schedules: false,
});
const fmt = (n: number) => Math.round(n).toLocaleString('en');
try {
  const { default: hit } = await import('../../netlify/functions/hit');
  const { rollUpHits, TALLIES_PER_RUN } =
    await import('../../src/server/visitors/analytics-rollup');
  const { TALLY_SHARDS, cellKey } = await import('../../src/server/visitors/analytics-hits');
  const { ANALYTICS_KEYS } = await import('../../src/server/storage/keys');

  // Beacons: answer latency, and the time until every hit is stored.
  const work: Promise<unknown>[] = [];
  const answers: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; i < BEACONS; i += CLIENTS) {
        const t = performance.now();
        const res = await hit(
          new Request(`${platform.url}/api/hit`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain', 'User-Agent': 'Mozilla/5.0 bench' },
            body: JSON.stringify({
              path: `/publications/report-${i % 50}`,
              referrer: 'example.org',
            }),
          }),
          { ip: `10.0.${c}.1`, waitUntil: (p) => work.push(p) },
        );
        if (res.status !== 204) throw new Error(`beacon answered ${res.status}`);
        answers.push(performance.now() - t);
      }
    }),
  );
  await Promise.all(work);
  const beaconMs = performance.now() - started;
  answers.sort((a, b) => a - b);
  const p50 = answers[Math.floor(answers.length / 2)]!;

  console.log(`beacons: ${fmt((BEACONS / beaconMs) * 1000)} stored per second`);
  let t = performance.now();
  const beaconRollup = await rollUpHits(Date.now() + 3 * 60_000);
  const beaconRollupMs = performance.now() - t;
  if (beaconRollup.folded !== BEACONS)
    throw new Error(`rolled up ${beaconRollup.folded} of ${BEACONS}`);

  // A day of 1,000,000 hits, as beacons leave it: hit i in tally i of its minute's shards, over
  // 500 pages, 10 referrer hosts (or none) and 5 newsletter issues (or none).
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const minutes = Array.from({ length: 1440 }, (_, m) => {
    const hh = String(Math.floor(m / 60)).padStart(2, '0');
    return `${day}T${hh}:${String(m % 60).padStart(2, '0')}`;
  });
  const tallyCount = minutes.length * TALLY_SHARDS;
  const analytics = () => getStore({ name: 'analytics', consistency: 'strong' });
  async function seed() {
    const tallies = Array.from({ length: tallyCount }, () => ({}) as Record<string, number>);
    for (let i = 0; i < MILLION; i++) {
      const cell = cellKey({
        kind: i % 20 === 0 ? 'pdf' : 'view',
        path: i % 20 === 0 ? `/pdf/r${i % 500}/report.pdf` : `/publications/report-${i % 500}`,
        host: i % 3 === 0 ? `site-${i % 10}.example.org` : '',
        ref: i % 7 === 0 ? `issue-${i % 5}` : '',
      });
      const cells = tallies[i % tallyCount]!;
      cells[cell] = (cells[cell] ?? 0) + 1;
    }
    const store = analytics();
    for (let i = 0; i < tallyCount; i += 64)
      await Promise.all(
        tallies.slice(i, i + 64).map((cells, j) => {
          const n = i + j;
          const key = ANALYTICS_KEYS.tally(
            minutes[Math.floor(n / TALLY_SHARDS)]!,
            n % TALLY_SHARDS,
          );
          return store.setJSON(key, { cells });
        }),
      );
  }

  /** Rolls the seeded day up, run after run, through a proxy adding `latencyMs` to each call. */
  async function rollUpMillion(latencyMs: number) {
    await analytics().delete(ANALYTICS_KEYS.day(day));
    await seed();
    console.log(`seeded ${fmt(tallyCount)} tallies; rolling up with ${latencyMs} ms a call`);
    const proxy = await startBlobsProxy(currentBlobsURL(), { latencyMs });
    const undo = redirectBlobsContext(proxy.url);
    try {
      let runs = 0;
      let hits = 0;
      let longestMs = 0;
      const start = performance.now();
      for (;;) {
        const runStart = performance.now();
        const run = await rollUpHits();
        longestMs = Math.max(longestMs, performance.now() - runStart);
        if (run.documents === 0) break;
        runs += 1;
        hits += run.folded;
      }
      const ms = performance.now() - start;
      if (hits !== MILLION) throw new Error(`rolled up ${hits} of ${MILLION}`);
      const stored = (await analytics().get(ANALYTICS_KEYS.day(day), { type: 'json' })) as {
        cells: Record<string, number>;
      };
      const total = Object.values(stored.cells).reduce((a, b) => a + b, 0);
      if (total !== MILLION) throw new Error(`the day counts ${total} of ${MILLION}`);
      const by = (method: string) =>
        proxy.calls.filter((c) => c.startsWith(`${method} `) && !c.endsWith('(list)')).length;
      return {
        ms,
        runs,
        longestMs,
        calls: proxy.calls.length,
        reads: by('GET'),
        writes: by('PUT'),
        deletes: by('DELETE'),
        lists: proxy.calls.filter((c) => c.endsWith('(list)')).length,
      };
    } finally {
      undo();
      await proxy.close();
    }
  }

  t = performance.now();
  const local = await rollUpMillion(0);
  const slow = await rollUpMillion(LATENCY_MS);
  console.log(`1,000,000-hit rollups measured in ${((performance.now() - t) / 1000).toFixed(0)} s`);

  const row = (what: string, r: typeof local) =>
    `| rollup of 1,000,000 hits (${fmt(tallyCount)} tallies), ${what} | ${(r.ms / 1000).toFixed(1)} s in ${r.runs} runs (longest ${(r.longestMs / 1000).toFixed(1)} s); ${fmt(r.calls)} Blobs calls: ${fmt(r.reads)} reads, ${fmt(r.writes)} writes, ${fmt(r.deletes)} deletes, ${fmt(r.lists)} listings |`;
  const lines = [
    '## Analytics',
    '',
    `Measured by \`npm run bench:analytics\` on ${new Date().toISOString()} (${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)}, local platform, Blobs on files).`,
    '',
    '| what | figure |',
    '| --- | --- |',
    `| beacons (${fmt(BEACONS)} from ${CLIENTS} clients, handler in process) | ${fmt((BEACONS / beaconMs) * 1000)} stored per second; answer p50 ${p50.toFixed(2)} ms |`,
    `| rollup of those ${fmt(BEACONS)} hits (${beaconRollup.documents} tallies) | ${(beaconRollupMs / 1000).toFixed(2)} s |`,
    row('local Blobs', local),
    row(`${LATENCY_MS} ms added to each Blobs call`, slow),
    '',
    `Each beacon merges its hit into one of ${TALLY_SHARDS} tallies of its minute (a read and an`,
    'etag-guarded write; a collision retries), so the rollup reads, seals and deletes at most',
    `${TALLY_SHARDS} documents a minute, whatever the hits: ${fmt(tallyCount)} for a full day. A run folds at most`,
    `${fmt(TALLIES_PER_RUN)} tallies; on Netlify it runs every minute and folds one minute's, so the`,
    `longest run above (a backlog) is the worst case: with ${LATENCY_MS} ms a call a tally costs ${(slow.ms / tallyCount).toFixed(1)} ms of a`,
    `run, a busy minute's ${TALLY_SHARDS} tallies about ${(((slow.ms / tallyCount) * TALLY_SHARDS) / 1000).toFixed(1)} s. A beacon's hit costs two Blobs round trips`,
    '(two more each time it meets another beacon on its tally), whatever the traffic.',
  ];
  await writeResultsSection('analytics', lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await platform.close();
  await rm(dataDir, { recursive: true, force: true });
}
